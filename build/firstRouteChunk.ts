import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The first route's JavaScript as three files instead of ~30: everything index.html's entries
 * import statically goes into one 'app' chunk (gzip compresses one file much better than
 * thirty small ones, and a phone makes one request instead of thirty), except src/boot.ts's
 * own graph, which stays a small chunk of its own so the route's first request still starts
 * before the app has downloaded. Lazy screens import what they share with the first route
 * from 'app'; what only they use stays split as before.
 */
export function firstRouteChunk(): Plugin {
  const boot = new Set<string>();
  const bootEntry = fileURLToPath(new URL('../src/boot.ts', import.meta.url));
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
