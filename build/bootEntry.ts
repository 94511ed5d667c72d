import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * src/boot.ts as a second entry, loaded async from the page's head: a few kilobytes that
 * start the route's first request while the app's own JavaScript is still downloading.
 * (Vite folds every script of index.html into one entry, so it is added to the built page.)
 */
export function bootEntry(): Plugin {
  return {
    name: 'boot-entry',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: fileURLToPath(new URL('../index.html', import.meta.url)), boot: fileURLToPath(new URL('../src/boot.ts', import.meta.url)) } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const boot = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith('/src/boot.ts'));
        if (!boot || boot.type !== 'chunk') return html;
        // Its whole graph from the start, or it would wait for imports found one level at a time.
        const graph = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (graph.has(file) || chunk?.type !== 'chunk') return;
          graph.add(file);
          chunk.imports.forEach(visit);
        };
        boot.imports.forEach(visit);
        // Preloaded once, from the top (below), not again among the app's own preloads.
        for (const file of graph) html = html.replace(`<link rel="modulepreload" crossorigin href="/${file}">`, '');
        return {
          html,
          tags: [
            { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head-prepend' },
            // Before the app's own preloads: on HTTP/1.1 they would otherwise queue behind them.
            ...[...graph].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head-prepend' as const })),
          ],
        };
      },
    },
  };
}
