import { startTestPlatform } from '../support/platform.ts';
import type { Figure } from './types.ts';

/** Cold start: a brand-new database, every migration and the seed, until the API answers. */
export async function benchStartup(): Promise<Figure[]> {
  const t0 = performance.now();
  const t = await startTestPlatform({ cron: false });
  const res = await fetch(`${t.info.url}/auth/v1/health`);
  const cold = performance.now() - t0;
  if (!res.ok) throw new Error(`health answered ${res.status}`);
  await t.stop();
  return [{ name: `cold start to ready (${t.info.dbKind}, all migrations + seed)`, value: cold, unit: 'ms', budget: { max: 5000 } }];
}
