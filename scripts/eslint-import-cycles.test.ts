/**
 * local/no-import-cycle (eslint-import-cycles.js) on small trees written under .scratch/: type-only
 * and dynamic imports close a circle too, a tree without one passes, and the text being linted
 * counts over the file on disk, as in an editor.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import importCycles from './eslint-import-cycles.js';

const root = join(import.meta.dirname, '..');
mkdirSync(join(root, '.scratch'), { recursive: true });
const dir = mkdtempSync(join(root, '.scratch', 'import-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: importCycles }, rules: { 'local/no-import-cycle': 'error' } },
];

/** Writes `files` into the scratch tree, each with a new modification time. */
function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    const later = new Date(Date.now() + 1000 * Math.random());
    utimesSync(join(dir, name), later, later);
  }
}

const path = (name: string) => relative(root, join(dir, name));

function lint(name: string, text: string): string[] {
  return new Linter({ cwd: root }).verify(text, config, { filename: join(dir, name) }).map((m) => m.message);
}

describe('local/no-import-cycle', () => {
  it('reports a circle of type-only imports, with its files', () => {
    const a = "import type { B } from './b.ts';\nexport type A = string;\nexport type AB = B;\n";
    write({ 'a.ts': a, 'b.ts': "import type { A } from './a.ts';\nexport type B = A;\n" });
    expect(lint('a.ts', a)).toEqual([expect.stringContaining(`Import circle: ${path('a.ts')} -> ${path('b.ts')} -> ${path('a.ts')}.`)]);
  });

  it('follows dynamic imports and longer paths', () => {
    const e = "import { load } from './c.ts';\nexport const e = load;\n";
    write({ 'c.ts': "export const load = () => import('./d.ts');\n", 'd.ts': "import { e } from './e.ts';\nexport const d = e;\n", 'e.ts': e });
    expect(lint('e.ts', e)).toEqual([expect.stringContaining(`${path('e.ts')} -> ${path('c.ts')} -> ${path('d.ts')} -> ${path('e.ts')}.`)]);
  });

  it('passes a tree without a circle', () => {
    const f = "import { g } from './g.ts';\nexport const f = g;\n";
    write({ 'f.ts': f, 'g.ts': 'export const g = 1;\n' });
    expect(lint('f.ts', f)).toEqual([]);
  });

  it('reads the linted text, and files changed on disk again', () => {
    write({ 'h.ts': "import { i } from './i.ts';\nexport const h = i;\n", 'i.ts': "import { h } from './h.ts';\nexport const i = () => h;\n" });
    expect(lint('h.ts', "import { i } from './i.ts';\nexport const h = i;\n")).toHaveLength(1);
    // The import taken out in the editor, not yet saved.
    expect(lint('h.ts', 'export const h = 1;\n')).toEqual([]);
    // The other side's import taken out on disk.
    write({ 'i.ts': 'export const i = 2;\n' });
    expect(lint('h.ts', "import { i } from './i.ts';\nexport const h = i;\n")).toEqual([]);
  });
});
