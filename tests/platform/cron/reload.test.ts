import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../support/platform.ts';

// Its own platform (fresh database, empty project), so jobs can be scheduled with SQL directly.
let t: TestPlatform;
let projectDir: string;

beforeAll(async () => {
  projectDir = mkdtempSync(join(tmpdir(), 'cron-project-'));
  writeFileSync(join(projectDir, 'config.toml'), 'project_id = "cron-test"\n');
  t = await startTestPlatform({ supabaseDir: projectDir });
  await t.platform.db.exec('create table public.runs (id bigserial primary key, job text not null, at timestamptz default now())');
});

afterAll(async () => {
  await t?.stop();
  rmSync(projectDir, { recursive: true, force: true });
});

const count = async (job: string) =>
  Number((await t.platform.db.query<{ n: string }>('select count(*)::int as n from public.runs where job = $1', [job])).rows[0]!.n);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cron scheduler', () => {
  it('picks up cron.schedule / cron.unschedule through NOTIFY, and records runs', async () => {
    await t.platform.db.query(`select cron.schedule('fast', '1 seconds', $$insert into public.runs (job) values ('fast')$$)`);
    await sleep(3300);
    const ran = await count('fast');
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(ran).toBeLessThanOrEqual(4);

    const details = await t.platform.db.query<{ status: string; return_message: string; end_time: string | null }>(
      `select status, return_message, end_time from cron.job_run_details d join cron.job j using (jobid) where j.jobname = 'fast'`,
    );
    expect(details.rows.length).toBeGreaterThanOrEqual(2);
    expect(details.rows.filter((r) => r.end_time).every((r) => r.status === 'succeeded' && r.return_message === '1 row')).toBe(true);

    await t.platform.db.query(`select cron.unschedule('fast')`);
    await sleep(300);
    const after = await count('fast');
    await sleep(2200);
    expect(await count('fast')).toBe(after);
  });

  it('never overlaps a slow job with itself', async () => {
    const began = Date.now();
    await t.platform.db.query(`select cron.schedule('slow', '1 seconds', $$insert into public.runs (job) values ('slow'); select pg_sleep(1.5)$$)`);
    await sleep(4500);
    await t.platform.db.query(`select cron.unschedule('slow')`);
    await sleep(1800); // let a run in flight finish
    const elapsed = (Date.now() - began) / 1000;
    const runs = await t.platform.db.query<{ start_ms: number; end_ms: number | null; status: string }>(
      `select (extract(epoch from start_time) * 1000)::float8 as start_ms, (extract(epoch from end_time) * 1000)::float8 as end_ms, status
         from cron.job_run_details d where command like '%pg_sleep(1.5)%' order by runid`,
    );
    expect(runs.rows.length).toBeGreaterThanOrEqual(2);
    // One second schedule, 1.5 s per run: without the guard there would be about one run a second.
    expect(runs.rows.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1.5));
    for (let i = 1; i < runs.rows.length; i++) {
      expect(runs.rows[i]!.start_ms).toBeGreaterThanOrEqual(runs.rows[i - 1]!.end_ms!);
    }
    expect(runs.rows.every((r) => r.status === 'succeeded')).toBe(true);
  });
});
