import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const manifestPath = fileURLToPath(new URL('../manifest.webmanifest', import.meta.url));

/** The web app manifest lives at the repo top level: served in dev, emitted into dist by the build. */
export function topLevelManifest(): Plugin {
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
