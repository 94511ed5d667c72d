import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102):
 * dev warnings on and extra code. A production build takes the production one.
 */
export function reactRouterProduction(): Plugin {
  const file = (name: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${name}`, import.meta.url));
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
