import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestPlatform } from '../support/platform.ts';
import type { Figure } from './types.ts';

const initdbCache = join(process.cwd(), 'node_modules', '.cache', 'supabase-local');

async function coldStart(): Promise<{ ms: number; kind: string }> {
  const t0 = performance.now();
  const t = await startTestPlatform({ cron: false });
  const res = await fetch(`${t.info.url}/auth/v1/health`, { headers: { apikey: t.info.anonKey } });
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`health answered ${res.status}`);
  await t.stop();
  return { ms, kind: t.info.dbKind };
}

/**
 * Cold start: a brand-new database, every migration and the seed, until the API answers.
 * On PGlite the very first start on a machine also builds the cached initdb dump
 * (db/pglite.ts); that one is reported on its own line, without the budget.
 */
export async function benchStartup(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const pglite = !process.env.DATABASE_URL;
  if (pglite && !(existsSync(initdbCache) && readdirSync(initdbCache).some((f) => f.endsWith('initdb.tar')))) {
    const first = await coldStart();
    figures.push({ name: 'first start on a new machine (pglite, builds the initdb cache)', value: first.ms, unit: 'ms' });
  }
  const { ms, kind } = await coldStart();
  figures.push({ name: `cold start to ready (${kind}, new database, all migrations + seed)`, value: ms, unit: 'ms', budget: { max: 5000 } });
  return figures;
}
