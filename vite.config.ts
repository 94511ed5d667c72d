// The build's own plugins live in build/, one per file; this page lists them.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bootEntry } from './build/bootEntry.ts';
import { firstRouteChunk } from './build/firstRouteChunk.ts';
import { topLevelManifest } from './build/manifest.ts';
import { prerenderShell } from './build/prerenderShell.ts';
import { reactRouterProduction } from './build/reactRouterProduction.ts';

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
        // The AVIF encoder (issue 44: its worker and ~3.5 MB of wasm) loads only once a photo is
        // uploaded: never precached for every visitor.
        globIgnores: ['screenshots/**', 'assets/avif.worker-*.js', 'assets/*.wasm'],
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
