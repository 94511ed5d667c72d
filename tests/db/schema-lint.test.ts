/**
 * Schema lint over a throwaway database built from the product migrations (PGlite, or a
 * fresh database on DATABASE_URL's server), queried through pg_catalog directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';

const supabaseDir = fileURLToPath(new URL('../../supabase', import.meta.url));
/** SECURITY DEFINER functions anonymous visitors may call on purpose. */
const ANON_DEFINER_ALLOWLIST = new Set(['listing_detail', 'search_listings', 'search_listings_count']);

let db: Database;
let dataDir: string;
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'schema-lint-'));
  let databaseUrl: string | undefined;
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `schema_lint_${process.pid}_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: server });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  db = await openDatabase({ databaseUrl, dataDir });
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
}, 120_000);

afterAll(async () => {
  await db?.close();
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = async <R>(sql: string) => (await db.query<R>(sql)).rows;

describe('schema lint', () => {
  it('every public table has row-level security enabled', async () => {
    const r = await rows<{ relname: string }>(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity order by 1`);
    expect(r.map((x) => x.relname)).toEqual([]);
  });

  it('every public table has at least one policy or no API privileges', async () => {
    const r = await rows<{ relname: string }>(`
      select c.relname from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)
         and (has_table_privilege('authenticated', c.oid, 'select') or has_table_privilege('anon', c.oid, 'select'))`);
    expect(r.map((x) => x.relname)).toEqual([]);
  });

  it('every SECURITY DEFINER function in public pins search_path to empty', async () => {
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace = 'public'::regnamespace and prosecdef
         and not coalesce('search_path=""' = any (proconfig), false) order by 1`);
    expect(r.map((x) => x.proname)).toEqual([]);
  });

  it('no SECURITY DEFINER function is executable by anon unless allow-listed', async () => {
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace = 'public'::regnamespace and prosecdef
         and has_function_privilege('anon', oid, 'execute') order by 1`);
    expect(r.map((x) => x.proname).filter((n) => !ANON_DEFINER_ALLOWLIST.has(n))).toEqual([]);
  });

  it('internal functions (triggers, credit movements, jobs) are not executable by authenticated', async () => {
    const internal = ['spend_credits', 'add_credits', 'freeze_listing', 'lock_own_listing', 'lock_visible_ticket', 'pending_discount', 'handle_new_user',
      'require_active_user', 'require_staff', 'fulfil_credit_purchase', 'end_expired_promotions', 'expire_listings',
      'notify_expiring_listings', 'run_promotion_bumps', 'notify_new_ticket', 'notify_ticket_reply', 'setting_int'];
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace = 'public'::regnamespace
         and has_function_privilege('authenticated', oid, 'execute')
         and proname = any (array['${internal.join("','")}'])`);
    expect(r.map((x) => x.proname)).toEqual([]);
  });

  it('policies call auth.*() and role helpers once per statement: (select auth.uid()), never per row, never user metadata', async () => {
    const r = await rows<{ tablename: string; policyname: string; expr: string }>(`
      select schemaname || '.' || tablename as tablename, policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
        from pg_policies where schemaname in ('public', 'storage')`);
    expect(r.length).toBeGreaterThan(30);
    const bad = r.filter(({ expr }) => {
      const calls = expr.match(/(auth\.(uid|jwt|email|role)|current_role_is_staff|current_role_is_admin|current_user_can_write|current_user_role)\(\)/g) ?? [];
      const wrapped = expr.match(/SELECT \(?(auth\.(uid|jwt|email|role)|public\.current_role_is_staff|public\.current_role_is_admin|public\.current_user_can_write|public\.current_user_role|current_role_is_staff|current_role_is_admin|current_user_can_write|current_user_role)\(\)/g) ?? [];
      return calls.length !== wrapped.length || /user_metadata|raw_user_meta/.test(expr);
    });
    expect(bad.map((b) => `${b.tablename}: ${b.policyname}: ${b.expr}`)).toEqual([]);
  });

  it('policy names are sentences', async () => {
    const r = await rows<{ policyname: string }>(`select policyname from pg_policies where schemaname = 'public'`);
    expect(r.filter((p) => !/^[A-Z][a-z]+( [^ ]+)+$/.test(p.policyname)).map((p) => p.policyname)).toEqual([]);
  });

  it('anon may not write any public table', async () => {
    const r = await rows<{ relname: string }>(`
      select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
         and (has_table_privilege('anon', oid, 'insert') or has_table_privilege('anon', oid, 'update')
              or has_table_privilege('anon', oid, 'delete') or has_table_privilege('anon', oid, 'truncate'))`);
    expect(r.map((x) => x.relname)).toEqual([]);
  });

  it('users cannot write credits, role, promotion, expiry, bump or usage columns', async () => {
    const protectedCols: [string, string][] = [
      ['profiles', 'credits'], ['profiles', 'role'], ['profiles', 'referral_code'], ['profiles', 'referred_by'],
      ['listings', 'is_premium'], ['listings', 'promotion_mode'], ['listings', 'promotion_start_at'], ['listings', 'promotion_end_at'],
      ['listings', 'expires_at'], ['listings', 'last_bumped_at'], ['listings', 'is_paused'], ['listings', 'user_id'], ['listings', 'slug'],
      ['coupons', 'usage_count'], ['admin_notifications', 'message'], ['admin_notifications', 'user_id'],
    ];
    const writable: string[] = [];
    for (const [t, c] of protectedCols) {
      const [x] = await rows<{ w: boolean }>(`select has_column_privilege('authenticated', 'public.${t}', '${c}', 'update') or has_column_privilege('authenticated', 'public.${t}', '${c}', 'insert') as w`);
      if (x!.w) writable.push(`${t}.${c}`);
    }
    for (const t of ['credit_transactions', 'payments', 'used_coupons', 'user_coupons', 'tickets', 'ticket_messages']) {
      const [x] = await rows<{ w: boolean }>(`select has_table_privilege('authenticated', 'public.${t}', 'insert') or has_table_privilege('authenticated', 'public.${t}', 'update') or has_table_privilege('authenticated', 'public.${t}', 'delete') or has_any_column_privilege('authenticated', 'public.${t}', 'insert') or has_any_column_privilege('authenticated', 'public.${t}', 'update') as w`);
      if (x!.w) writable.push(t);
    }
    expect(writable).toEqual([]);
  });

  it('schedules the four jobs with cron.schedule', async () => {
    const r = await rows<{ jobname: string; command: string }>(`select jobname, command from cron.job order by jobname`);
    expect(r).toEqual(expect.arrayContaining([
      { jobname: 'end-expired-promotions', command: 'select public.end_expired_promotions()' },
      { jobname: 'expire-listings', command: 'select public.expire_listings()' },
      { jobname: 'promotion-bumps', command: 'select public.run_promotion_bumps()' },
      { jobname: 'listing-expiry-warnings', command: 'select public.notify_expiring_listings()' },
    ]));
  });

  it('admin_notifications is in the realtime publication', async () => {
    const r = await rows<{ tablename: string }>(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`);
    expect(r.map((x) => x.tablename)).toContain('admin_notifications');
  });
});
