/**
 * The platform outlives its PostgreSQL connections (PostgreSQL only): when the server drops
 * every connection (a restart, an administrator's pg_terminate_backend), the process does not
 * die of an unhandled error, REST answers again from fresh pooled connections, and realtime's
 * LISTEN connection is opened again so changes are delivered again. Own platform: the test
 * cuts its connections.
 */
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { sleep, subscribed, uniqueChannel, waitFor } from '../support/realtime.ts';

const postgres = Boolean(process.env.DATABASE_URL);
let t: TestPlatform;
let svc: SupabaseClient;
let anon: SupabaseClient;

const make = (key: string) =>
  createClient(t.info.url, key, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

beforeAll(async () => {
  if (!postgres) return;
  t = await startTestPlatform({ supabaseDir: join(import.meta.dirname, 'fixture'), cron: false });
  svc = make(t.info.serviceRoleKey);
  anon = make(t.info.anonKey);
});

afterAll(async () => {
  await anon?.removeAllChannels();
  await t?.stop();
});

/** Ends every connection to the platform's database but this one; answers how many. */
async function terminateAll(): Promise<number> {
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `select count(pg_catalog.pg_terminate_backend(pid))::int as n from pg_catalog.pg_stat_activity
        where datname = current_database() and pid <> pg_catalog.pg_backend_pid()`,
    );
    return rows[0]!.n;
  } finally {
    await c.end();
  }
}

describe.skipIf(!postgres)('when PostgreSQL drops the platform’s connections', () => {
  it('keeps serving REST and delivers realtime changes again', async () => {
    const seen: string[] = [];
    await subscribed(
      uniqueChannel(anon, 'reconnect').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_board' }, (p) => {
        seen.push((p.new as { title: string }).title);
      }),
    );
    const insert = async (title: string) => (await svc.from('rt_board').insert({ title })).error;
    expect(await insert('before')).toBeNull();
    await waitFor(() => seen.includes('before'), 5000, 'the change before the cut');

    // The pool's connections and the LISTEN connection, at least.
    expect(await terminateAll()).toBeGreaterThanOrEqual(2);

    // A request may meet a connection whose end has not been noticed yet; the next ones work.
    let restored: unknown = 'not tried';
    for (let i = 0; i < 20 && restored !== null; i++) {
      restored = await insert(`after-${i}`);
      if (restored !== null) await sleep(100);
    }
    expect(restored).toBeNull();
    const { data, error } = await anon.from('rt_board').select('title').eq('title', 'before');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'before' }]);

    // Realtime listens again within a few seconds: a new row is delivered.
    const delivered = await (async () => {
      for (let i = 0; i < 50; i++) {
        const title = `later-${i}`;
        expect(await insert(title)).toBeNull();
        await sleep(200);
        if (seen.includes(title)) return title;
      }
      return undefined;
    })();
    expect(delivered).toBeDefined();
  });
});
