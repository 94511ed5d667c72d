/**
 * Import resolver for eslint-plugin-boundaries (eslint-module-utils interface v2): the `@/`
 * alias of tsconfig.json (`@/*` -> `src/*`), then Node's resolution with the TypeScript
 * extensions. CommonJS because eslint-module-utils loads resolvers with require().
 */
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const root = path.resolve(__dirname, '..');
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  const target = source.startsWith('@/') ? path.join(root, 'src', source.slice(2)) : source;
  return node.resolve(target, file, { extensions });
};
