/**
 * PostgREST's aggregate functions through supabase-js (issue 28): `count()`, `sum()`, `avg()`,
 * `min()`, `max()` on columns and embedded resources, with casts and aliases, grouped by the
 * other selected columns; refused with PGRST123 while `db-aggregates-enabled` is off (PostgREST's
 * and Supabase's default), turned on as on Supabase with `alter role authenticator set
 * pgrst.db_aggregates_enabled = 'true'` and `notify pgrst, 'reload config'`. The older `count`
 * without parentheses (`books(count)`) works either way, as on PostgREST. Own platform: the
 * setting is the database's, and other files share the suite's platform.
 */
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let t: TestPlatform;
let anon: SupabaseClient;
let admin: SupabaseClient;
const T = `agg-${Date.now().toString(36)}`;
let calvino: number;
let eco: number;
let nobody: number;

const make = (key: string, bearer?: string) =>
  createClient(t.info.url, key, {
    global: bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined,
    realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

/** Sets the in-database config and waits until the platform has read it again. */
async function setAggregates(on: boolean): Promise<void> {
  // In this database only: a role's settings are the whole server's, and other suites share it.
  const change = on ? `set pgrst.db_aggregates_enabled = ''true''` : 'reset pgrst.db_aggregates_enabled';
  await t.platform.db.exec(
    `do $$ begin execute format('alter role authenticator in database %I ${change}', current_database()); end $$; notify pgrst, 'reload config';`,
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await anon.from('books').select('count()');
    if ((r.error === null) === on) return;
    if (Date.now() > deadline) throw new Error(`aggregates still ${on ? 'off' : 'on'}: ${JSON.stringify(r.error)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

beforeAll(async () => {
  t = await startTestPlatform({ supabaseDir: join(import.meta.dirname, 'fixture'), cron: false });
  anon = make(t.info.anonKey);
  admin = make(t.info.serviceRoleKey);
  const a = await admin
    .from('authors')
    .insert([{ name: `Calvino ${T}`, country: 'IT' }, { name: `Eco ${T}`, country: 'IT' }, { name: `Nobody ${T}`, country: 'FR' }])
    .select('id');
  if (a.error) throw a.error;
  [calvino, eco, nobody] = a.data.map((r) => r.id as number) as [number, number, number];
  const b = await admin.from('books').insert([
    { title: `Barone ${T}`, author_id: calvino, price: 12.5, stock: 3 },
    { title: `Città ${T}`, author_id: calvino, price: 10.5, stock: 4 },
    { title: `Rosa ${T}`, author_id: eco, price: 20, stock: 10 },
  ]);
  if (b.error) throw b.error;
});

afterAll(async () => {
  await t?.stop();
});

const mine = () => [calvino, eco, nobody];

describe('REST aggregates while db-aggregates-enabled is off (the default)', () => {
  it('refuses count(), sum() and an aggregate in an embedded resource with PostgREST’s PGRST123', async () => {
    for (const select of ['count()', 'total:price.sum()', 'price::int.avg()']) {
      const r = await anon.from('books').select(select).in('author_id', mine());
      expect(r.status, select).toBe(400);
      expect(r.error, select).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
      expect(r.data).toBeNull();
    }
    const embedded = await anon.from('authors').select('name, books(price.max())').in('id', mine());
    expect(embedded.status).toBe(400);
    expect(embedded.error?.code).toBe('PGRST123');
  });

  it('still counts an embedded resource with the older `count` without parentheses', async () => {
    const { data, error } = await anon.from('authors').select('name, books(count)').in('id', mine()).order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: `Calvino ${T}`, books: [{ count: 2 }] },
      { name: `Eco ${T}`, books: [{ count: 1 }] },
      { name: `Nobody ${T}`, books: [{ count: 0 }] },
    ]);
    const star = await anon.from('authors').select('*, books(count)').eq('id', calvino).single();
    expect(star.error).toBeNull();
    expect(star.data).toMatchObject({ id: calvino, name: `Calvino ${T}`, country: 'IT', books: [{ count: 2 }] });
  });
});

describe('REST aggregates once enabled as on Supabase (alter role authenticator … ; notify pgrst)', () => {
  beforeAll(async () => {
    await setAggregates(true);
  });

  it('computes count(), sum(), avg(), min() and max() over the filtered rows', async () => {
    const { data, error } = await anon.from('books').select('count(), price.sum(), price.avg(), price.min(), price.max()').in('author_id', mine());
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 3, sum: 43, avg: expect.closeTo(14.333, 3), min: 10.5, max: 20 }]);
  });

  it('groups by the other selected columns, with aliases', async () => {
    const { data, error } = await anon
      .from('books')
      .select('author_id, total:price.sum(), n:count(), stock.max()')
      .in('author_id', mine())
      .order('author_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { author_id: calvino, total: 23, n: 2, max: 4 },
      { author_id: eco, total: 20, n: 1, max: 10 },
    ]);
  });

  it('casts the column before the aggregate and the aggregate’s result', async () => {
    const { data, error } = await anon
      .from('books')
      .select('before:price::int.sum(), after:price.sum()::int, n:count()::text, avg:stock::numeric.avg()::int')
      .eq('author_id', calvino);
    expect(error).toBeNull();
    // 12.5 and 10.5 round to 13 and 11 before summing (24); their sum 23 stays 23.
    expect(data).toEqual([{ before: 24, after: 23, n: '2', avg: 4 }]);
  });

  it('aggregates an embedded resource per parent row (count() and sum() in books(...))', async () => {
    const { data, error } = await anon.from('authors').select('name, books(count(), total:price.sum())').in('id', mine()).order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: `Calvino ${T}`, books: [{ count: 2, total: 23 }] },
      { name: `Eco ${T}`, books: [{ count: 1, total: 20 }] },
      { name: `Nobody ${T}`, books: [{ count: 0, total: null }] },
    ]);
  });

  it('groups by an embedded to-one resource', async () => {
    const { data, error } = await anon.from('books').select('price.sum(), authors(country)').in('author_id', mine());
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: 43, authors: { country: 'IT' } }]);
  });

  it('aggregates only the rows row-level security shows the caller', async () => {
    const token = await new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.info.jwtSecret));
    const signedIn = make(t.info.anonKey, token);
    const ins = await signedIn.from('private_notes').insert([{ body: 'a' }, { body: 'b' }]);
    expect(ins.error).toBeNull();
    expect((await signedIn.from('private_notes').select('count()')).data).toEqual([{ count: 2 }]);
    expect((await anon.from('private_notes').select('count()')).data).toEqual([{ count: 0 }]);
  });

  it('refuses aggregates again once the setting is reset and the config reloaded', async () => {
    await setAggregates(false);
    const r = await anon.from('books').select('price.sum()');
    expect(r.error?.code).toBe('PGRST123');
  });
});
