import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const stylesDir = join(root, 'node_modules', '@mantine', 'core', 'styles');
const listed = readFileSync(join(import.meta.dirname, 'mantineStyles.ts'), 'utf8');

const components = join(root, 'node_modules', '@mantine', 'core', 'esm', 'components');

/** Parts Mantine attaches to a component we use (Checkbox.Card) that the app never renders: no stylesheet for them. */
const NOT_RENDERED = new Set(['CheckboxCard']);

/**
 * The stylesheets whose classes `name` draws with: each `X.module.mjs` (the class names of
 * styles/X.css) that Mantine's module for `name` imports, directly or through others
 * (SegmentedControl's pill is FloatingIndicator's). Read from the package, so a dependency a
 * hand-kept list would miss (the pill sat 4 px off without its stylesheet, issue 43) fails here.
 */
function builtFrom(name: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    if (file.endsWith('.module.mjs')) found.add(basename(file, '.module.mjs'));
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) visit(resolve(dirname(file), spec!));
  };
  visit(join(components, name, `${name}.mjs`));
  for (const part of NOT_RENDERED) found.delete(part);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sources(join(root, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of m[1]!.split(',').map((s) => s.trim())) if (name && !name.startsWith('type ')) used.add(name);
    }
  }
  return used;
}

describe('Mantine stylesheets', () => {
  it('every Mantine component used in src/ has its stylesheet, and those it is built from, in mantineStyles.ts', () => {
    const missing: string[] = [];
    for (const name of usedComponents()) {
      for (const css of new Set([name, ...builtFrom(name)])) {
        if (existsSync(join(stylesDir, `${css}.css`)) && !listed.includes(`@mantine/core/styles/${css}.css'`)) missing.push(`${name} needs ${css}.css`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('does not load the whole library stylesheet', () => {
    for (const file of sources(join(root, 'src'))) expect(readFileSync(file, 'utf8')).not.toContain("'@mantine/core/styles.css'");
  });
});
