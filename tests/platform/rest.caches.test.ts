/**
 * What the REST speed-ups keep (issue 28): a verified JWT is remembered but an expired or
 * altered one is still refused; on PostgreSQL each request's statements are pipelined and kept
 * as named prepared statements per connection, and the same prepared statement still answers
 * each caller by its own role and row-level security; a role's changed settings
 * (statement_timeout) are seen after `notify pgrst, 'reload config'`; a failed statement leaves
 * its pooled connection usable. Own platform: the test changes a role's settings.
 */
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let t: TestPlatform;

const make = (bearer?: string): SupabaseClient =>
  createClient(t.info.url, t.info.anonKey, {
    global: bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined,
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

async function token(claims: Record<string, unknown>, expiresAt?: number): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  jwt.setExpirationTime(expiresAt ?? Math.floor(Date.now() / 1000) + 600);
  return jwt.sign(new TextEncoder().encode(t.info.jwtSecret));
}

beforeAll(async () => {
  t = await startTestPlatform({ supabaseDir: join(import.meta.dirname, 'fixture'), cron: false });
});

afterAll(async () => {
  await t?.stop();
});

describe('the JWT verification cache', () => {
  it('refuses a token once it expires, though it was verified and kept', async () => {
    await make().from('announcements').select('id'); // the schema cache loaded: the next requests are quick
    const exp = Math.floor(Date.now() / 1000) + 4;
    const user = make(await token({ sub: crypto.randomUUID(), role: 'authenticated' }, exp));
    expect((await user.from('announcements').select('id')).error).toBeNull();
    expect((await user.from('announcements').select('id')).error).toBeNull();
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 300));
    const late = await user.from('announcements').select('id');
    expect(late.status).toBe(401);
    expect(late.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('refuses a kept token’s payload under another signature, and another role’s token runs as that role', async () => {
    const good = await token({ sub: crypto.randomUUID(), role: 'authenticated' });
    expect((await make(good).rpc('whoami')).data).toMatch(/:authenticated$/);
    const [h, p, sig] = good.split('.') as [string, string, string];
    const forged = `${h}.${p}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    const r = await make(forged).from('announcements').select('id');
    expect(r.status).toBe(401);
    expect(r.error?.code).toBe('PGRST301');
    const service = await token({ role: 'service_role' });
    expect((await make(service).rpc('whoami')).data).toMatch(/:service_role$/);
  });
});

describe('pipelined, prepared statements (PostgreSQL; the same requests on PGlite)', () => {
  it('answers each caller by its own role and row-level security on the same statement', async () => {
    const a = make(await token({ sub: crypto.randomUUID(), role: 'authenticated' }));
    const b = make(await token({ sub: crypto.randomUUID(), role: 'authenticated' }));
    expect((await a.from('private_notes').insert([{ body: 'of a' }])).error).toBeNull();
    expect((await b.from('private_notes').insert([{ body: 'of b' }, { body: 'of b too' }])).error).toBeNull();
    // Alternating, more than the five runs after which Postgres may choose a generic plan.
    for (let i = 0; i < 8; i++) {
      const [ra, rb, rAnon] = await Promise.all([
        a.from('private_notes').select('body').order('body'),
        b.from('private_notes').select('body').order('body'),
        make().from('private_notes').select('body').order('body'),
      ]);
      expect(ra.data).toEqual([{ body: 'of a' }]);
      expect(rb.data).toEqual([{ body: 'of b' }, { body: 'of b too' }]);
      expect(rAnon.data).toEqual([]);
    }
    const service = make(t.info.serviceRoleKey);
    const all = await service.from('private_notes').select('body').order('body');
    expect(all.data?.map((n) => n.body)).toEqual(expect.arrayContaining(['of a', 'of b', 'of b too']));
  });

  it('sees a role’s new statement_timeout after reload config, and drops it again', async () => {
    const anon = make();
    expect((await anon.rpc('current_statement_timeout')).data).toBe('3s');
    const set = async (value: string | null) => {
      const change = value ? `set statement_timeout = ''${value}''` : 'reset statement_timeout';
      await t.platform.db.exec(
        `do $$ begin execute format('alter role anon in database %I ${change}', current_database()); end $$; notify pgrst, 'reload config';`,
      );
    };
    const until = async (want: string) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const got = (await anon.rpc('current_statement_timeout')).data;
        if (got === want) return;
        if (Date.now() > deadline) throw new Error(`statement_timeout still ${got}, want ${want}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await set('4500ms');
    await until('4500ms');
    await set(null);
    await until('3s');
  });

  it('reports a failed statement and a bad role by their own errors, and the connections stay usable', async () => {
    const anon = make();
    for (let i = 0; i < 20; i++) {
      const bad = await anon.from('books').select('id').eq('id', 'not-a-number');
      expect(bad.error?.code).toBe('22P02');
      const good = await anon.from('books').select('id').limit(1);
      expect(good.error).toBeNull();
    }
    const ghost = await make(await token({ role: 'no_such_role' })).from('books').select('id');
    expect(ghost.error?.message).toMatch(/role "no_such_role" does not exist/);
    expect((await anon.from('books').select('id').limit(1)).error).toBeNull();
  });
});
