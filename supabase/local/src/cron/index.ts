import type { ApiModule, Platform } from '../core/types.ts';
import { CronRunner } from './runner.ts';

/**
 * pg_cron stand-in: runs cron.job on schedule over the superuser connection. Jobs are read at
 * start and again on NOTIFY cron_jobs_changed (sent by cron.schedule / cron.unschedule).
 */
export async function createCron(p: Platform): Promise<ApiModule> {
  const runner = new CronRunner(p.db, (message) => p.log('cron', message));
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  let reloading: Promise<void> = Promise.resolve();

  const reload = () => {
    if (stopped) return reloading;
    reloading = reloading
      .then(() => runner.reload())
      .catch((err: Error) => p.log('cron', `could not read cron.job: ${err.message}`));
    return reloading;
  };

  // Ticks just after each whole second, so '1 seconds' jobs run once a second and cron jobs at :00.
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runner.tick(new Date());
      schedule();
    }, 1000 - (Date.now() % 1000) + 5);
    timer.unref?.();
  };

  return {
    async start() {
      await reload();
      unlisten = await p.db.listen('cron_jobs_changed', () => void reload());
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten?.().catch(() => undefined);
      await reloading;
      await runner.drain();
    },
  };
}
