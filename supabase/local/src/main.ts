import { startPlatform } from './platform.ts';

process.on('unhandledRejection', (err) => console.error('[platform] unhandled rejection:', err));

// `npm run backend` is for development: the mail outbox is served unless NODE_ENV=production.
const devMailOutbox = process.env.NODE_ENV !== 'production';
const platform = await startPlatform({ devMailOutbox });
console.log(`
  API URL:          ${platform.url}
  anon key:         ${platform.keys.anon}
  service_role key: ${platform.keys.serviceRole}
  publishable key:  ${platform.keys.publishable}
  Mail outbox:      ${devMailOutbox ? `${platform.url}/_dev/mail` : 'off (NODE_ENV=production)'}
  Database:         ${platform.db.kind === 'pglite' ? `PGlite in ${platform.config.dataDir}` : 'DATABASE_URL'}
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void platform.close().finally(() => process.exit(0));
  });
}
