import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { SHELL_SCRIPT, appLoaderScript, gateHtml, shellHtml } from '../src/app/shell/shell.ts';
import { firstRequestScript } from '../src/lib/firstRequest.ts';
import { LOCAL_SUPABASE_URL } from '../src/lib/localDefaults.ts';
import { t } from '../src/lib/catalogue/index.ts';
import { mantineThemeCss } from './mantineThemeCss.ts';

/**
 * The prerendered shell (src/app/shell): index.html carries the header, the route's title,
 * search bar and card skeletons with their rules inlined, so the first paint needs neither a
 * script nor a stylesheet. The app's entry and stylesheets are asked for once that paint is
 * done (appLoaderScript); the stylesheets load as 'print' and turn on when loaded, and
 * main.tsx renders the app once they have.
 */
export function prerenderShell(): Plugin {
  const css = () =>
    readFileSync(fileURLToPath(new URL('../src/app/shell/shell.css', import.meta.url)), 'utf8')
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
