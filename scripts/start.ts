/**
 * `npm start`: the local platform (migrated and seeded), the demo photos, then the app built
 * against it and served at http://127.0.0.1:4173. `--dev` serves the app with Vite's dev
 * server instead (http://127.0.0.1:5173) for hot reload.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createServer, preview } from 'vite';
import { startPlatform } from '../supabase/local/src/platform.ts';

const dev = process.argv.includes('--dev');
const appPort = Number(process.env.APP_PORT ?? (dev ? 5173 : 4173));
// Its own build folder per extra instance (the e2e suite), so two never overwrite each other.
const outDir = process.env.APP_OUT_DIR ?? 'dist';

process.on('unhandledRejection', (err) => console.error('[start] unhandled rejection:', err));

// The auth e-mails' links return to the app where it is served (GoTrue's site URL and
// redirect allow-list), whatever APP_PORT is.
process.env.GOTRUE_SITE_URL ??= `http://127.0.0.1:${appPort}`;
process.env.GOTRUE_URI_ALLOW_LIST ??= [`http://127.0.0.1:${appPort}/**`, `http://localhost:${appPort}/**`].join(',');

// A development server: it serves the local mail outbox (sign-in links) at /_dev/mail.
const platform = await startPlatform({ devMailOutbox: true });

// Test-only (the e2e suite's fake push service): the database accepts these push endpoint
// origins too, as send-push does. Unset everywhere else.
for (const origin of (process.env.PUSH_EXTRA_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
  await platform.db.query('insert into private.extra_push_origins (origin) values ($1) on conflict do nothing', [origin]);
}

const photos = new URL('../supabase/seed/photos.ts', import.meta.url);
if (existsSync(photos)) {
  type SeedPhotos = (o: { url: string; serviceRoleKey: string }) => Promise<{ uploaded: number }>;
  const { seedPhotos } = (await import(photos.href)) as { seedPhotos: SeedPhotos };
  const { uploaded } = await seedPhotos({ url: platform.url, serviceRoleKey: platform.keys.serviceRole });
  if (uploaded) console.log(`[seed] ${uploaded} demo photos uploaded`);
}

// Web push: VAPID keys from the environment, else a local pair generated once per data folder.
if (!process.env.VAPID_PUBLIC_KEY || !process.env.VAPID_PRIVATE_KEY) {
  const file = join(platform.config.dataDir, 'vapid.json');
  if (!existsSync(file)) {
    const { default: webpush } = await import('web-push');
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
}
process.env.VAPID_SUBJECT ??= 'mailto:assistenza@incontri.local';
process.env.VITE_VAPID_PUBLIC_KEY = process.env.VAPID_PUBLIC_KEY;
process.env.VITE_SUPABASE_URL = platform.url;
process.env.VITE_SUPABASE_ANON_KEY = platform.keys.anon;

let close: () => Promise<void>;
if (dev) {
  const server = await createServer({ server: { port: appPort, strictPort: true } });
  await server.listen();
  close = () => server.close();
} else {
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ build: { outDir }, preview: { port: appPort, strictPort: true } });
  close = () => new Promise((resolve) => server.httpServer.close(() => resolve()));
}

console.log(`
  App:          http://127.0.0.1:${appPort}
  API:          ${platform.url}
  Mail outbox:  ${platform.url}/_dev/mail
  Demo accounts: see README.md
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([close(), platform.close()]).finally(() => process.exit(0));
  });
}
