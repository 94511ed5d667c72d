/**
 * ESLint rule `local/no-import-cycle`: an import that leads back to the importing file. Every
 * import counts, `import type` and `import()` too, unlike import-x's no-cycle, which skips
 * type-only imports and so would not have seen the platform's old circle (every module took
 * the `Platform` type from platform.ts, which imported every module). The graph is read with
 * TypeScript's import scanner, not parsed: each file once per run (again when it changes on
 * disk), so the rule costs about a second on the whole repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function mtimeOf(file) {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

/** The repository file `spec` names from `from`, or null (packages, assets, files outside). */
function resolve(spec, from) {
  const bare = spec.split('?')[0];
  let target;
  if (bare.startsWith('@/')) target = path.join(root, 'src', bare.slice(2));
  else if (bare.startsWith('.')) target = path.resolve(path.dirname(from), bare);
  else return null;
  for (const ext of extensions) {
    const file = target + ext;
    if (/\.tsx?$/.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`) && mtimeOf(file) !== undefined) return file;
  }
  return null;
}

/** The files `text` (the source of `file`) imports, with where each import's specifier is. */
function importsOf(text, file) {
  return ts.preProcessFile(text, true, true).importedFiles.flatMap((ref) => {
    const target = resolve(ref.fileName, file);
    return target ? [{ target, pos: ref.pos, end: ref.end }] : [];
  });
}

/** Imports of the files on disk, kept while their modification time is the same. */
const cache = new Map();
function importsOnDisk(file) {
  const mtime = mtimeOf(file);
  if (mtime === undefined) return [];
  const hit = cache.get(file);
  if (hit?.mtime === mtime) return hit.imports;
  const imports = importsOf(fs.readFileSync(file, 'utf8'), file);
  cache.set(file, { mtime, imports });
  return imports;
}

/** The shortest import path from `start` to a file that imports `file` (start first), or null. */
function pathBack(start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    for (const { target } of importsOnDisk(at)) {
      if (target === file) {
        const chain = [];
        for (let f = at; f; f = cameFrom.get(f)) chain.unshift(f);
        return chain;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, at);
        queue.push(target);
      }
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'An import that leads back, through any number of files, to the importing file.' },
    schema: [],
    messages: {
      cycle: 'Import circle: {{chain}}. Move what both sides need into a module below them (see supabase/local/src/core/types.ts).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file.startsWith(root) || file.includes(`${path.sep}node_modules${path.sep}`)) return {};
    return {
      Program() {
        const text = context.sourceCode.text;
        const seen = new Set();
        for (const { target, pos, end } of importsOf(text, file)) {
          if (target === file || seen.has(target)) continue;
          seen.add(target);
          const back = pathBack(target, file);
          if (!back) continue;
          const chain = [file, ...back, file].map((f) => path.relative(root, f)).join(' -> ');
          context.report({
            loc: { start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { chain },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': rule } };
