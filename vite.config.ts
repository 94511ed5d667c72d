import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { SHELL_SCRIPT, appLoaderScript, gateHtml, shellHtml } from './src/app/shell/shell.ts';
import { firstRequestScript } from './src/lib/firstRequest.ts';
import { LOCAL_SUPABASE_URL } from './src/lib/localDefaults.ts';
import { t } from './src/lib/catalogue/index.ts';
import { theme } from './src/lib/ui/theme.ts';

const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/** The web app manifest lives at the repo top level: served in dev, emitted into dist by the build. */
function topLevelManifest(): Plugin {
  return {
    name: 'top-level-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(manifestPath));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(manifestPath, 'utf8') });
    },
  };
}

/**
 * src/boot.ts as a second entry, loaded async from the page's head: a few kilobytes that
 * start the route's first request while the app's own JavaScript is still downloading.
 * (Vite folds every script of index.html into one entry, so it is added to the built page.)
 */
function bootEntry(): Plugin {
  return {
    name: 'boot-entry',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) } } } }),
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

/**
 * The theme's CSS variables and Mantine's global classes (hidden-from, visible-from), as
 * MantineProvider writes them, rendered here once: the first route renders no Mantine
 * component and no provider (src/lib/ui/inMantine.ts), yet its plain elements use the theme's
 * variables. Each selector counts twice (`:root:root`), so Mantine's default variables do not
 * win whatever the order of the stylesheets (dev injects them after the page's own).
 */
function mantineThemeCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: 'light' }));
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!.replace(/:root/g, ':root:root')).join('');
}

/**
 * The prerendered shell (src/app/shell): index.html carries the header, the route's title,
 * search bar and card skeletons with their rules inlined, so the first paint needs neither a
 * script nor a stylesheet. The app's entry and stylesheets are asked for once that paint is
 * done (appLoaderScript); the stylesheets load as 'print' and turn on when loaded, and
 * main.tsx renders the app once they have.
 */
function prerenderShell(): Plugin {
  const css = () =>
    readFileSync(fileURLToPath(new URL('./src/app/shell/shell.css', import.meta.url)), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s*([{};:,>])\s*/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
  let appTags = '';
  let loaderScript = '';
  let firstRequest = '';
  return {
    name: 'prerender-shell',
    configResolved(config) {
      const env = config.env as Record<string, string | undefined>;
      firstRequest = firstRequestScript(env.VITE_SUPABASE_URL ?? LOCAL_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY ?? '');
    },
    // app.html: the page the service worker serves (src/sw/sw.ts), whose loader also waits for
    // the shell's first photo to be painted (appLoaderScript's afterShellPhoto).
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const page = bundle['index.html'];
        if (!appTags || page?.type !== 'asset') return;
        const loader = `<script>${loaderScript}</script>`;
        const html = String(page.source);
        if (!html.includes(loader)) throw new Error('prerender-shell: the app loader was not found in index.html');
        this.emitFile({ type: 'asset', fileName: 'app.html', source: html.replace(loader, `<script>${appLoaderScript(appTags, { afterShellPhoto: true })}</script>`) });
      },
    },
    // `npm start` serves the build as a static host should (docs/deploy.md): hashed files for a
    // year, the rest revalidated (sirv's own header would say no-cache for everything).
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/assets/')) {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          // sirv hands its headers to writeHead: the year goes in last.
          res.writeHead = ((...args: unknown[]) => {
            const headers = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null);
            if (headers) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
            else res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            return writeHead(...args);
          });
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        html = html.replace('<!--app-shell-->', shellHtml(t)).replace('<!--age-gate-->', gateHtml(t));
        const tags: HtmlTagDescriptor[] = [
          // First: the route's first read leaves before anything else is parsed.
          { tag: 'script', children: firstRequest, injectTo: 'head' },
          { tag: 'script', children: SHELL_SCRIPT, injectTo: 'head' },
          { tag: 'style', children: css(), injectTo: 'head' },
          { tag: 'style', children: mantineThemeCss(), injectTo: 'head' },
        ];
        if (ctx.bundle) {
          // The app's entry and stylesheets leave the page's head: appLoaderScript adds them
          // once the shell is painted. The module preloads stay: the few the entry shares with
          // boot.ts (the bundler's runtime) are wanted at once.
          let app = '';
          const styles: string[] = [];
          html = html
            .replace(/<script type="module" crossorigin src="[^"]+"><\/script>\s*/, (tag: string) => ((app = tag.trim()), ''))
            // 'print' until loaded, so they never hold a paint (preloaded: main.tsx waits for them).
            .replace(/<link rel="stylesheet" crossorigin href="([^"]+\.css)">\s*/g, (_, href: string) => (styles.push(`<link rel="preload" as="style" crossorigin href="${href}"><link rel="stylesheet" crossorigin href="${href}" media="print" onload="this.media='all'" data-app-css>`), ''));
          if (!app) throw new Error('prerender-shell: the app entry was not found in index.html');
          appTags = styles.join('') + app;
          loaderScript = appLoaderScript(appTags);
          tags.push({ tag: 'script', children: loaderScript, injectTo: 'head' });
        }
        return { html, tags };
      },
    },
  };
}

/**
 * The first route's JavaScript as three files instead of ~30: everything index.html's entries
 * import statically goes into one 'app' chunk (gzip compresses one file much better than
 * thirty small ones, and a phone makes one request instead of thirty), except src/boot.ts's
 * own graph, which stays a small chunk of its own so the route's first request still starts
 * before the app has downloaded. Lazy screens import what they share with the first route
 * from 'app'; what only they use stays split as before.
 */
function firstRouteChunk(): Plugin {
  const boot = new Set<string>();
  const bootEntry = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
  return {
    name: 'first-route-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'prefetch', test: (id: string) => boot.has(id), priority: 2 },
                // boot.ts itself stays its entry's own few hundred bytes.
                { name: 'app', tags: ['$initial'], test: (id: string) => id !== bootEntry, priority: 1 },
              ],
            },
          },
        },
      },
    }),
    // The module graph is complete here, before chunking: boot.ts's static graph.
    buildEnd() {
      const visit = (id: string) => {
        if (boot.has(id)) return;
        boot.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      this.getModuleInfo(bootEntry)?.importedIds.forEach(visit);
    },
  };
}

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102):
 * dev warnings on and extra code. A production build takes the production one.
 */
function reactRouterProduction(): Plugin {
  const file = (name: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: file('index.mjs') },
          { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    topLevelManifest(),
    bootEntry(),
    firstRouteChunk(),
    prerenderShell(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,webmanifest,png,svg,ico,woff2}'],
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  // The e2e suite's build (E2E_BUILD=1, set by playwright.config.ts) keeps the worker's test
  // hooks; every other build compiles them out. vite-plugin-pwa hands this to the worker's build.
  define: { __E2E__: JSON.stringify(process.env.E2E_BUILD === '1') },
  build: { target: 'es2022', sourcemap: false },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
