import { startPlatform } from './platform.ts';

process.on('unhandledRejection', (err) => console.error('[platform] unhandled rejection:', err));

const platform = await startPlatform();
console.log(`
  API URL:          ${platform.url}
  anon key:         ${platform.keys.anon}
  service_role key: ${platform.keys.serviceRole}
  Mail outbox:      ${platform.url}/_dev/mail
  Database:         ${platform.db.kind === 'pglite' ? `PGlite in ${platform.config.dataDir}` : 'DATABASE_URL'}
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void platform.close().finally(() => process.exit(0));
  });
}
