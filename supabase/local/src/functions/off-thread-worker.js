// A worker thread of the off-thread pool (off-thread.ts): imports a function's task module
// through tsx (the functions are TypeScript) and runs the task a message names. Plain
// JavaScript, so the worker starts without a loader. A changed module is imported afresh.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

const { tsImport } = await import('tsx/esm/api');
/** url -> { mtimeMs, module } */
const modules = new Map();

async function load(url) {
  const mtimeMs = statSync(fileURLToPath(url)).mtimeMs;
  const cached = modules.get(url);
  if (cached?.mtimeMs === mtimeMs) return cached.module;
  const module = tsImport(url, import.meta.url);
  modules.set(url, { mtimeMs, module });
  return module;
}

// One task at a time: the pool sends the next once this one has answered.
parentPort.on('message', async ({ url, name, args }) => {
  try {
    const mod = await load(url);
    if (typeof mod[name] !== 'function') throw new Error(`${url} exports no task ${name}`);
    parentPort.postMessage({ value: await mod[name](...args) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) } });
  }
});
