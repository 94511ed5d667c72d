import { describe, expect, it } from 'vitest';
import type { Queryable, QueryResult } from '../db/types.ts';
import { CronRunner, type CronDb, type CronJob } from './runner.ts';

/** A fake superuser connection: cron.job rows in memory, run details recorded, commands scripted. */
function fakeDb(jobs: CronJob[], commands: Record<string, () => Promise<void>>) {
  const details = new Map<string, { jobid: number; status: string; message?: string }>();
  let nextRun = 0;
  const result = <R>(rows: R[]): QueryResult<R> => ({ rows, fields: [], rowCount: rows.length });
  const query = async <R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> => {
    if (sql.includes('from cron.job')) return result(jobs as R[]);
    if (sql.includes('insert into cron.job_run_details')) {
      const runid = String(++nextRun);
      details.set(runid, { jobid: params[0] as number, status: 'running' });
      return result([{ runid }] as R[]);
    }
    if (sql.includes('update cron.job_run_details')) {
      details.set(params[0] as string, { ...details.get(params[0] as string)!, status: params[1] as string, message: params[2] as string });
      return result([]);
    }
    const run = commands[sql];
    if (!run) throw new Error(`unexpected sql: ${sql}`);
    await run();
    return result([]);
  };
  const tx: Queryable = { query, exec: async (sql) => void (await query(sql)) };
  const db: CronDb = { query, transaction: (fn) => fn(tx) };
  return { db, details };
}

const job = (jobid: number, schedule: string, command: string): CronJob => ({ jobid, jobname: `job${jobid}`, schedule, command, active: true });

describe('CronRunner', () => {
  it('runs interval jobs every N seconds and records success', async () => {
    let runs = 0;
    const { db, details } = fakeDb([job(1, '2 seconds', 'tick')], { tick: async () => void runs++ });
    const runner = new CronRunner(db, () => undefined);
    await runner.reload();
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    for (let s = 1; s <= 6; s++) await Promise.all(runner.tick(new Date(t0 + s * 1000)));
    expect(runs).toBe(3);
    expect([...details.values()].every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('runs cron jobs once in a matching minute', async () => {
    let runs = 0;
    const { db } = fakeDb([job(1, '30 4 * * *', 'x')], { x: async () => void runs++ });
    const runner = new CronRunner(db, () => undefined);
    await runner.reload();
    for (const iso of ['2026-11-22T04:29:59Z', '2026-11-22T04:30:00Z', '2026-11-22T04:30:01Z', '2026-11-22T04:30:30Z', '2026-11-22T04:31:00Z']) {
      await Promise.all(runner.tick(new Date(iso)));
    }
    expect(runs).toBe(1);
  });

  it('never runs a job alongside itself', async () => {
    let release!: () => void;
    let running = 0;
    let maxRunning = 0;
    const { db } = fakeDb([job(1, '1 seconds', 'slow')], {
      slow: () =>
        new Promise<void>((resolve) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          release = () => {
            running--;
            resolve();
          };
        }),
    });
    const runner = new CronRunner(db, () => undefined);
    await runner.reload();
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const first = runner.tick(new Date(t0 + 1000));
    await new Promise((r) => setTimeout(r, 10));
    expect(runner.tick(new Date(t0 + 2000))).toHaveLength(0);
    expect(runner.tick(new Date(t0 + 3000))).toHaveLength(0);
    release();
    await Promise.all(first);
    const next = runner.tick(new Date(t0 + 4000));
    expect(next).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all(next);
    expect(maxRunning).toBe(1);
  });

  it('records a failing job and keeps running the others', async () => {
    let ok = 0;
    const logs: string[] = [];
    const { db, details } = fakeDb([job(1, '1 seconds', 'bad'), job(2, '1 seconds', 'good')], {
      bad: async () => {
        throw new Error('division by zero');
      },
      good: async () => void ok++,
    });
    const runner = new CronRunner(db, (m) => logs.push(m));
    await runner.reload();
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    await Promise.all(runner.tick(new Date(t0 + 1000)));
    await Promise.all(runner.tick(new Date(t0 + 2000)));
    expect(ok).toBe(2);
    const failed = [...details.values()].filter((d) => d.jobid === 1);
    expect(failed).toEqual([
      { jobid: 1, status: 'failed', message: 'division by zero' },
      { jobid: 1, status: 'failed', message: 'division by zero' },
    ]);
    expect(logs.some((l) => l.includes('division by zero'))).toBe(true);
  });

  it('skips inactive jobs and jobs with an invalid schedule', async () => {
    const logs: string[] = [];
    const { db } = fakeDb([{ ...job(1, '1 seconds', 'x'), active: false }, job(2, 'every minute', 'y')], {});
    const runner = new CronRunner(db, (m) => logs.push(m));
    await runner.reload();
    expect(runner.jobCount).toBe(0);
    expect(logs[0]).toMatch(/invalid schedule/);
  });
});
