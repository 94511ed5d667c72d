// The types of eslint-import-cycles.js (plain JavaScript, as eslint.config.js loads it), for its test.
import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;
