/**
 * Schema lint over a throwaway database built from the product migrations (PGlite, or a
 * fresh database on DATABASE_URL's server), queried through pg_catalog directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Database, Queryable } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

/** SECURITY DEFINER functions anonymous visitors may call on purpose. */
// Visitors read public listings (and a kept listing's state), report a home-screen install and
// report what they saw for the listings' statistics, and report a listing (DSA art. 16, no account needed).
const ANON_DEFINER_ALLOWLIST = new Set(['listing_detail', 'search_listings', 'search_listings_count', 'favourite_listings', 'record_app_install', 'listing_photo_is_displayed', 'record_listing_events', 'report_listing']);

/**
 * Functions that read-check-write rows another call may change at the same moment, and the
 * lock that serialises them. PGlite runs one query at a time, so a missing lock shows only
 * on PostgreSQL under load; this reads each body from pg_proc so removing one fails anywhere.
 * `needs` are patterns over the body (lowercased, whitespace collapsed); a function that
 * locks through a helper names it in `via`, and the helper is itself listed here.
 */
const MUST_LOCK: { fn: string; why: string; needs: RegExp[]; via?: string[] }[] = [
  { fn: 'private.apply_coupon', why: 'checks max_uses and single use, then counts the use: the coupon row is locked first',
    needs: [/select \* into c from public\.coupons where [^;]* for update;/] },
  { fn: 'private.pending_discount', why: 'the pending coupon it returns is consumed by its caller: two promotions must not both take it',
    needs: [/for update of uc/] },
  { fn: 'private.promote_listing', why: 'reads the listing\'s promotion to extend or start it, and consumes the pending coupon',
    needs: [/private\.lock_own_listing\(p_listing_id\)/, /from private\.pending_discount\(uid\)/], via: ['private.lock_own_listing', 'private.pending_discount', 'private.spend_credits'] },
  { fn: 'private.spend_credits', why: 'balance check and debit in one UPDATE, which locks the profile and re-checks the balance',
    needs: [/update public\.profiles set credits = credits - p_amount where id = p_user_id and credits >= p_amount/] },
  { fn: 'private.add_credits', why: 'a relative UPDATE under the row lock, never read-then-write',
    needs: [/update public\.profiles set credits = credits \+ p_amount where id = p_user_id/] },
  { fn: 'private.complete_payment', why: 'the referral bonus once per buyer: the buyer\'s profile is locked before the first-purchase check',
    needs: [/from public\.profiles pr where pr\.id = pay\.user_id for update/], via: ['private.add_credits'] },
  { fn: 'private.fulfil_credit_purchase', why: 'one payment per provider reference',
    needs: [/on conflict \(provider_reference\) do nothing/, /private\.complete_payment\(pay_id\)/], via: ['private.complete_payment'] },
  { fn: 'private.settle_credit_purchase', why: 'reads the order\'s status and amount, then completes it once: parallel postbacks of one sale wait on the row',
    needs: [/from public\.payments where provider = p_provider and provider_reference = p_reference for update/,
      /from public\.profiles where id = o\.user_id for update; if o\.coupon_id is not null then update public\.user_coupons/, /private\.complete_payment\(o\.id\)/],
    via: ['private.complete_payment'] },
  { fn: 'private.start_credit_purchase', why: 'counts the buyer\'s pending orders and quotes the free coupon before opening one, then reserves that coupon only if still free',
    needs: [/from public\.profiles where id = uid for update; q := private\.quote_credit_package/, /consumed_at is null and reserved_for is null;/] },
  { fn: 'private.reject_payment_postback', why: 'counts an address\'s recent refusals before logging one: parallel refusals from one address wait on its lock',
    needs: [/pg_advisory_xact_lock\(/] },
  { fn: 'private.report_listing', why: 'counts a device\'s and an address\'s reports of the day before filing one: parallel reports wait on their hashes\' locks',
    needs: [/pg_advisory_xact_lock\(hashtext\('report_listing:' \|\| encode\(addr_hash, 'hex'\)\)\)/, /pg_advisory_xact_lock\(hashtext\('report_listing:' \|\| encode\(dev_hash, 'hex'\)\)\)/] },
  { fn: 'private.admin_adjust_credits', why: 'moves credits only through the locking helpers',
    needs: [/private\.add_credits\(/, /private\.spend_credits\(/], via: ['private.add_credits', 'private.spend_credits'] },
  { fn: 'private.create_listing', why: 'charges the creation through spend_credits; a call with a key that a parallel call committed first returns that listing without charging',
    needs: [/private\.spend_credits\(/, /exception when unique_violation then [^;]*?select \* into l from public\.listings x where x\.user_id = uid and x\.creation_key = p_creation_key; if not found then raise; end if; return l; end;/],
    via: ['private.spend_credits'] },
  { fn: 'private.lock_own_listing', why: 'the lock every listing state change takes', needs: [/from public\.listings where id = p_listing_id for update/] },
  ...['renew_listing', 'pause_listing', 'resume_listing', 'reset_listing_promotion', 'set_available_now', 'set_auto_renew', 'cancel_scheduled_promotion'].map((name) => ({
    fn: `private.${name}`, why: 'reads the listing\'s clock or promotion and writes it back', needs: [/private\.lock_own_listing\(p_listing_id/], via: ['private.lock_own_listing'],
  })),
  { fn: 'private.auto_renew_listings', why: 'renews each due listing once: a second run skips the rows the first holds, then sees them renewed',
    needs: [/for update skip locked/, /private\.spend_credits\(/], via: ['private.spend_credits'] },
  { fn: 'private.lock_visible_ticket', why: 'the lock every ticket change takes', needs: [/from public\.tickets where id = p_ticket_id for update/] },
  { fn: 'private.reply_ticket', why: 'moves the status from the one it read (resolved -> open, open -> in_progress)',
    needs: [/private\.lock_visible_ticket\(p_ticket_id\)/], via: ['private.lock_visible_ticket'] },
  { fn: 'private.file_appeal', why: 'counts the user\'s open appeals before filing one: two parallel appeals wait on the profile',
    needs: [/from public\.profiles where id = uid and role = 'banned' for update/] },
  { fn: 'private.set_ticket_status', why: 'an owner may reopen only a ticket read as resolved',
    needs: [/private\.lock_visible_ticket\(p_ticket_id\)/], via: ['private.lock_visible_ticket'] },
];

let fresh: FreshDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await freshDatabase('schema-lint');
  db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
}, 120_000);

afterAll(async () => {
  await fresh?.drop();
});

const rows = async <R>(sql: string) => (await db.query<R>(sql)).rows;

describe('schema lint', () => {
  it('every public and private table has row-level security enabled', async () => {
    const r = await rows<{ relname: string }>(`select relname from pg_class where relnamespace in ('public'::regnamespace, 'private'::regnamespace) and relkind in ('r', 'p') and not relrowsecurity order by 1`);
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

  it('every SECURITY DEFINER function in public and private pins search_path to empty', async () => {
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace in ('public'::regnamespace, 'private'::regnamespace) and prosecdef
         and not coalesce('search_path=""' = any (proconfig), false) order by 1`);
    expect(r.map((x) => x.proname)).toEqual([]);
  });

  it('no SECURITY DEFINER function lives in public, the schema the API exposes (they belong in private)', async () => {
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace = 'public'::regnamespace and prosecdef order by 1`);
    expect(r.map((x) => x.proname)).toEqual([]);
  });

  it('no SECURITY DEFINER function in private is executable by anon unless allow-listed', async () => {
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace = 'private'::regnamespace and prosecdef
         and has_function_privilege('anon', oid, 'execute') order by 1`);
    expect(r.map((x) => x.proname).filter((n) => !ANON_DEFINER_ALLOWLIST.has(n))).toEqual([]);
  });

  it('internal functions (triggers, credit movements, jobs) are not executable by authenticated', async () => {
    const internal = ['spend_credits', 'add_credits', 'freeze_listing', 'lock_own_listing', 'lock_visible_ticket', 'pending_discount', 'handle_new_user',
      'require_active_user', 'require_staff', 'fulfil_credit_purchase', 'complete_payment', 'settle_credit_purchase',
      'reject_payment_postback', 'expire_purchase_orders', 'end_expired_promotions', 'expire_listings',
      'notify_expiring_listings', 'run_promotion_bumps', 'notify_new_ticket', 'notify_ticket_reply', 'setting_int',
      'add_listing_photo', 'replace_listing_photo_crop', 'check_listing_photo_write', 'pending_storage_deletions',
      'complete_storage_deletions', 'fail_storage_deletions', 'queue_orphan_storage_files', 'retry_storage_cleanup',
      'request_storage_cleanup', 'queue_listing_photo_files', 'call_edge_function',
      // Issues 26-27: a hold, the photo hashes, the selfie steps of the upload function, the
      // decisions' shared pieces and the jobs are for SQL and the service role alone.
      'hold_listing', 'advertiser_is_trusted', 'review_owner_edit', 'record_photo_hash', 'similar_photos',
      'check_verification_selfie', 'attach_verification_selfie', 'expire_photo_verifications',
      'staff_decision_reason', 'tell_staff_decision', 'auto_renew_listings', 'roll_listing_stats',
      'screen_listing_text', 'refuse_screened_listing', 'hold_screened_listing',
      // Issue 40: the report triggers and the review guard of the listing actions.
      'stamp_report_decision', 'keep_upheld_report', 'review_block_reason', 'require_reviewed_listing',
      // Issue 25: runs any statement text it is given, as the caller.
      'search_prepared'];
    const r = await rows<{ proname: string }>(`
      select proname from pg_proc where pronamespace in ('public'::regnamespace, 'private'::regnamespace)
         and has_function_privilege('authenticated', oid, 'execute')
         and proname = any (array['${internal.join("','")}'])`);
    expect(r.map((x) => x.proname)).toEqual([]);
  });

  it('functions that must lock their rows do so (MUST_LOCK)', async () => {
    const r = await rows<{ fn: string; src: string }>(`
      select n.nspname || '.' || p.proname as fn, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')`);
    const source = new Map(r.map((x) => [x.fn, x.src.toLowerCase().replace(/\s+/g, ' ')]));
    const listed = new Set(MUST_LOCK.map((m) => m.fn));
    const problems = MUST_LOCK.flatMap(({ fn, needs, via = [] }) => {
      const src = source.get(fn);
      if (src === undefined) return [`${fn}: missing`];
      return [
        ...needs.filter((re) => !re.test(src)).map((re) => `${fn}: no ${re.source}`),
        ...via.filter((helper) => !listed.has(helper)).map((helper) => `${fn}: helper ${helper} is not in MUST_LOCK`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('policies call auth.*() and role helpers once per statement: (select auth.uid()), never per row, never user metadata', async () => {
    const r = await rows<{ tablename: string; policyname: string; expr: string }>(`
      select schemaname || '.' || tablename as tablename, policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
        from pg_policies where schemaname in ('public', 'storage')`);
    expect(r.length).toBeGreaterThan(30);
    const bad = r.filter(({ expr }) => {
      const calls = expr.match(/(auth\.(uid|jwt|email|role)|current_role_is_staff|current_role_is_admin|current_user_can_write|current_user_role)\(\)/g) ?? [];
      // `(select auth.jwt()) ->> 'email'`, not `(select auth.jwt() ->> 'email')`: splinter's 0003 wants SELECT right before the call.
      const wrapped = expr.match(/SELECT (auth\.(uid|jwt|email|role)|(private\.)?(current_role_is_staff|current_role_is_admin|current_user_can_write|current_user_role))\(\)/g) ?? [];
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
      ['listings', 'available_until'], ['listings', 'auto_renew'], ['listings', 'promotion_credits_paid'], ['listings', 'promotion_expiry_added'],
    ];
    const writable: string[] = [];
    for (const [t, c] of protectedCols) {
      const [x] = await rows<{ w: boolean }>(`select has_column_privilege('authenticated', 'public.${t}', '${c}', 'update') or has_column_privilege('authenticated', 'public.${t}', '${c}', 'insert') as w`);
      if (x!.w) writable.push(`${t}.${c}`);
    }
    for (const t of ['credit_transactions', 'payments', 'payment_postbacks', 'used_coupons', 'user_coupons', 'tickets', 'ticket_messages', 'listing_available_now_uses']) {
      const [x] = await rows<{ w: boolean }>(`select has_table_privilege('authenticated', 'public.${t}', 'insert') or has_table_privilege('authenticated', 'public.${t}', 'update') or has_table_privilege('authenticated', 'public.${t}', 'delete') or has_any_column_privilege('authenticated', 'public.${t}', 'insert') or has_any_column_privilege('authenticated', 'public.${t}', 'update') as w`);
      if (x!.w) writable.push(t);
    }
    expect(writable).toEqual([]);
  });

  it('schedules the six jobs with cron.schedule', async () => {
    const r = await rows<{ jobname: string; command: string }>(`select jobname, command from cron.job order by jobname`);
    expect(r).toEqual(expect.arrayContaining([
      { jobname: 'end-expired-promotions', command: 'select private.end_expired_promotions()' },
      { jobname: 'expire-listings', command: 'select private.expire_listings()' },
      { jobname: 'promotion-bumps', command: 'select private.run_promotion_bumps()' },
      { jobname: 'listing-expiry-warnings', command: 'select private.notify_expiring_listings()' },
      { jobname: 'expire-purchase-orders', command: 'select private.expire_purchase_orders()' },
      { jobname: 'saved-search-alerts', command: 'select private.run_saved_search_alerts()' },
    ]));
  });

  it('admin_notifications is in the realtime publication', async () => {
    const r = await rows<{ tablename: string }>(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`);
    expect(r.map((x) => x.tablename)).toContain('admin_notifications');
  });
});

/** Splinter's query, split into its `set local search_path = ''` and the lint union. */
const [splinterSetup, splinterQuery] = (() => {
  const sql = readFileSync(new URL('./splinter/splinter.sql', import.meta.url), 'utf8');
  const end = sql.indexOf(';') + 1;
  return [sql.slice(0, end), sql.slice(end)];
})();

interface Finding {
  name: string;
  level: string;
  cache_key: string;
}

/** Splinter's ERROR and WARN findings as the dashboard computes them (the API exposes public). */
async function splinter(q: Queryable): Promise<Finding[]> {
  await q.query(`select set_config('pgrst.db_schemas', 'public', true)`);
  await q.exec(splinterSetup);
  const r = await q.query<Finding>(`select name, level, cache_key from (${splinterQuery}) lint where level in ('ERROR', 'WARN') order by cache_key`);
  return r.rows;
}

/** Thrown to roll the transaction back with its findings. */
class Rollback extends Error {
  constructor(readonly findings: Finding[]) {
    super('rollback');
  }
}

/** Splinter's findings after `sql`, in a transaction that is rolled back. */
async function findingsAfter(sql: string): Promise<Finding[]> {
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      throw new Rollback(await splinter(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.findings;
    throw err;
  }
  throw new Error('unreachable');
}

const probeTable = `create table public.lint_probe (id uuid primary key, owner_id uuid, label text);
  alter table public.lint_probe enable row level security;`;

describe('splinter, Supabase\'s linter', () => {
  it('finds no ERROR or WARN on the migrated schema', async () => {
    const findings = await db.transaction((tx) => splinter(tx));
    expect(findings.map((f) => `${f.level} ${f.cache_key}`)).toEqual([]);
  });

  // Each kind of finding, brought back by one statement a migration could contain.
  it.each([
    ['auth_rls_initplan', `${probeTable}
      create policy "Owners can read probes" on public.lint_probe for select to authenticated using (owner_id = auth.uid());`],
    ['multiple_permissive_policies', `${probeTable}
      create policy "Owners can read probes" on public.lint_probe for select to authenticated using (owner_id = (select auth.uid()));
      create policy "Staff can read probes" on public.lint_probe for select to authenticated using ((select private.current_role_is_staff()));`],
    ['authenticated_security_definer_function_executable', `
      create function public.lint_probe() returns integer language sql security definer set search_path = '' as 'select 1';
      revoke execute on function public.lint_probe() from public, anon;
      grant execute on function public.lint_probe() to authenticated;`],
    ['anon_security_definer_function_executable', `
      create function public.lint_probe() returns integer language sql security definer set search_path = '' as 'select 1';
      grant execute on function public.lint_probe() to anon;`],
    ['function_search_path_mutable', `create function public.lint_probe() returns integer language sql as 'select 1';`],
    ['extension_in_public', `alter extension unaccent set schema public;`],
    ['public_bucket_allows_listing', `
      insert into storage.buckets (id, name, public) values ('lint_probe', 'lint_probe', true);
      create policy "Anyone can list probe files" on storage.objects for select to anon using (bucket_id = 'lint_probe');`],
    ['rls_disabled_in_public', `create table public.lint_probe (id uuid primary key);`],
    ['policy_exists_rls_disabled', `${probeTable}
      create policy "Owners can read probes" on public.lint_probe for select to authenticated using (owner_id = (select auth.uid()));
      alter table public.lint_probe disable row level security;`],
    ['rls_references_user_metadata', `${probeTable}
      create policy "Tagged users can read probes" on public.lint_probe for select to authenticated
        using (label = (select auth.jwt() -> 'user_metadata' ->> 'tag'));`],
    ['rls_policy_always_true', `${probeTable}
      create policy "Anyone can add probes" on public.lint_probe for insert to authenticated with check (true);`],
    ['security_definer_view', `create view public.lint_probe as select id, title from public.listings;`],
    ['materialized_view_in_api', `create materialized view public.lint_probe as select id from public.listings;`],
    ['auth_users_exposed', `create view public.lint_probe as select id, email from auth.users;`],
    ['duplicate_index', `create index lint_probe_a on public.listings (city); create index lint_probe_b on public.listings (city);`],
  ])('reports %s', async (name, sql) => {
    const findings = await findingsAfter(sql);
    expect(findings.map((f) => f.name)).toContain(name);
  });
});
