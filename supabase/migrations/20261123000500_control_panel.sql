-- The control panel's SQL: the staff audit log (Registro), written by triggers in the same
-- transaction as every staff change; the panel's figures (Panoramica); report dismissal;
-- report reasons in Italian in the staff notifications; tickets and reports in realtime.

-- ---------------------------------------------------------------------------------------
-- Audit log

create table public.audit_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- No foreign keys: a deleted account must not rewrite (set null) an append-only log; the
  -- e-mail and role are kept as they were at the time.
  actor_id uuid,
  actor_email text,
  actor_role text not null,
  action text not null,
  entity_type text not null,
  entity_id text,
  entity_label text,
  reason text,
  before jsonb,
  after jsonb
);

comment on table public.audit_log is 'Registro: every staff action, append-only, written by the database.';

create index audit_log_created_idx on public.audit_log (created_at desc);
create index audit_log_action_created_idx on public.audit_log (action, created_at desc);
create index audit_log_actor_created_idx on public.audit_log (actor_id, created_at desc);
create index audit_log_entity_idx on public.audit_log (entity_type, entity_id);

/** Refuses every change to a written audit row, whoever asks (triggers run for every role). */
create or replace function private.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Il registro non può essere modificato.' using errcode = '42501', detail = 'audit_log_append_only';
end
$$;

create trigger audit_log_no_update_delete before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

/**
 * The reason a staff function gives for what it is about to change, for the audit rows its
 * changes write in this transaction (set_config local). Functions with a reason call it.
 */
create or replace function private.set_audit_reason(p_reason text) returns void
language sql
set search_path = ''
as $$
  select set_config('app.audit_reason', coalesce(trim(p_reason), ''), true);
$$;

/**
 * Writes one audit row for the caller when the caller is staff; does nothing for anyone else
 * (users' own changes, the service role's jobs). The reason is p_reason, else the one set by
 * private.set_audit_reason in this transaction.
 */
create or replace function private.write_audit(
  p_action text, p_entity_type text, p_entity_id text, p_entity_label text,
  p_before jsonb, p_after jsonb, p_reason text default null
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  actor public.profiles;
begin
  if uid is null then
    return;
  end if;
  select * into actor from public.profiles where id = uid;
  if actor.role is null or actor.role not in ('admin', 'supporto') then
    return;
  end if;
  insert into public.audit_log (actor_id, actor_email, actor_role, action, entity_type, entity_id, entity_label, reason, before, after)
  values (uid, actor.email, actor.role, p_action, p_entity_type, p_entity_id, left(p_entity_label, 200),
          nullif(trim(coalesce(p_reason, current_setting('app.audit_reason', true), '')), ''), p_before, p_after);
end
$$;

/**
 * Why: a staff decision on an advertiser's listing (review before publication, photo
 * verification) is a statement of reasons: a refusal needs its reason, at most 1000
 * characters. Returns the trimmed reason (null when none). One rule for every decision.
 */
create or replace function private.staff_decision_reason(p_approve boolean, p_reason text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_reason text := nullif(trim(coalesce(p_reason, '')), '');
begin
  if not coalesce(p_approve, false) and v_reason is null then
    raise exception 'Indica il motivo del rifiuto.' using errcode = 'P0001', detail = 'reason_required';
  end if;
  if char_length(v_reason) > 1000 then
    raise exception 'Il motivo può contenere al massimo 1000 caratteri.' using errcode = 'P0001', detail = 'reason_too_long';
  end if;
  return v_reason;
end
$$;

/**
 * Why: the owner reads every staff decision on their listing in the bell (a refusal with its
 * reason and how to contest it) and the Registro keeps it; p_action is both the notification's
 * type and the audit action, so the two never disagree.
 */
create or replace function private.tell_staff_decision(p_listing public.listings, p_user_id uuid, p_action text,
  p_message text, p_changes jsonb, p_reason text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.admin_notifications (user_id, type, entity_id, message)
  values (p_user_id, p_action, p_listing.id::text, p_message);
  perform private.write_audit(p_action, 'listing', p_listing.id::text, p_listing.title, null, p_changes, p_reason);
end
$$;

/** The keys whose values differ between two rows, as {before, after} with only those keys. */
create or replace function private.jsonb_changes(p_old jsonb, p_new jsonb, p_ignore text[] default '{}')
returns table (before jsonb, after jsonb)
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k, p_old -> k) filter (where p_old ? k), '{}'::jsonb),
         coalesce(jsonb_object_agg(k, p_new -> k) filter (where p_new ? k), '{}'::jsonb)
    from (select distinct k from (select jsonb_object_keys(coalesce(p_old, '{}'::jsonb)) as k
                                  union select jsonb_object_keys(coalesce(p_new, '{}'::jsonb))) keys) ks
   where not (k = any (p_ignore))
     and (p_old -> k) is distinct from (p_new -> k)
$$;

/**
 * The audit trigger of every table staff change: what changed, on what, by whom. Changes by
 * users on their own rows and by the service role (jobs, payments) are not staff actions and
 * write nothing (private.write_audit checks the caller's role).
 */
create or replace function private.audit_staff_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  d record;
  o jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  n jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  owner_role text;
  balance integer;
begin
  if uid is null or not private.current_role_is_staff() then
    return null;
  end if;
  case tg_table_name
  when 'profiles' then
    if old.role is distinct from new.role then
      perform private.write_audit(
        case when new.role = 'banned' then 'user_banned' when old.role = 'banned' and new.role = 'user' then 'user_unbanned' else 'role_changed' end,
        'user', new.id::text, new.email, jsonb_build_object('role', old.role), jsonb_build_object('role', new.role));
    end if;
  when 'account_bans' then
    -- A ban and an unban change the role (logged above, with their reason); a new reason for
    -- a banned user changes no role, so its statement writes the row.
    select b.decision, b.reason into d from public.account_bans b
     where b.user_id = new.user_id and b.id < new.id order by b.id desc limit 1;
    if new.decision = 'ban' and d.decision = 'ban' then
      perform private.write_audit('ban_reason_changed', 'user', new.user_id::text,
        (select p.email from public.profiles p where p.id = new.user_id),
        jsonb_build_object('reason', d.reason), jsonb_build_object('reason', new.reason), new.reason);
    end if;
  when 'credit_transactions' then
    if new.type = 'admin_adjustment' then
      select p.credits into balance from public.profiles p where p.id = new.user_id;
      perform private.write_audit('credits_adjusted', 'user', new.user_id::text,
        (select p.email from public.profiles p where p.id = new.user_id),
        jsonb_build_object('credits', balance - new.amount), jsonb_build_object('credits', balance), new.description);
    end if;
  when 'listings' then
    if tg_op = 'DELETE' then
      if old.user_id is distinct from uid then
        perform private.write_audit('listing_removed', 'listing', old.id::text, old.title,
          jsonb_build_object('title', old.title, 'city', old.city, 'category', old.category, 'user_id', old.user_id,
                             'is_paused', old.is_paused, 'expires_at', old.expires_at), null);
      end if;
    elsif new.user_id is distinct from uid then
      -- A ban pauses the banned user's listings: the ban's own row says so.
      select p.role into owner_role from public.profiles p where p.id = new.user_id;
      if old.is_paused is distinct from new.is_paused and owner_role is distinct from 'banned' then
        perform private.write_audit(case when new.is_paused then 'listing_paused' else 'listing_resumed' end,
          'listing', new.id::text, new.title, jsonb_build_object('is_paused', old.is_paused), jsonb_build_object('is_paused', new.is_paused));
      elsif old.is_premium and not new.is_premium then
        perform private.write_audit('listing_promotion_reset', 'listing', new.id::text, new.title,
          jsonb_build_object('is_premium', true, 'promotion_mode', old.promotion_mode, 'promotion_end_at', old.promotion_end_at),
          jsonb_build_object('is_premium', false));
      end if;
    end if;
  when 'listing_reports' then
    if old.status is distinct from new.status then
      perform private.write_audit(case new.status when 'dismissed' then 'report_dismissed' when 'reviewed' then 'report_reviewed' else 'report_reopened' end,
        'report', new.id::text, (select l.title from public.listings l where l.id = new.listing_id),
        jsonb_build_object('status', old.status), jsonb_build_object('status', new.status));
    end if;
  when 'tickets' then
    if old.status is distinct from new.status then
      perform private.write_audit('ticket_status_changed', 'ticket', new.id::text, new.subject,
        jsonb_build_object('status', old.status), jsonb_build_object('status', new.status));
    end if;
  when 'ticket_messages' then
    if new.author_role in ('admin', 'supporto') then
      perform private.write_audit('ticket_replied', 'ticket', new.ticket_id::text,
        (select t.subject from public.tickets t where t.id = new.ticket_id), null, jsonb_build_object('body', left(new.body, 500)));
    end if;
  when 'coupons' then
    select * into d from private.jsonb_changes(o, n, array['usage_count']);
    if tg_op <> 'UPDATE' or d.after <> '{}'::jsonb then
      perform private.write_audit(case tg_op when 'INSERT' then 'coupon_created' when 'DELETE' then 'coupon_deleted' else 'coupon_updated' end,
        'coupon', coalesce(new.id, old.id)::text, coalesce(new.code, old.code),
        case when tg_op = 'INSERT' then null else d.before end, case when tg_op = 'DELETE' then null else d.after end);
    end if;
  when 'settings' then
    select * into d from private.jsonb_changes(o, n, array['updated_at']);
    if d.after <> '{}'::jsonb then
      -- Labelled with its Italian description, as Impostazioni shows it; the key stays the id.
      perform private.write_audit('setting_changed', 'setting', coalesce(new.key, old.key),
        coalesce(new.description, old.description, new.key, old.key), d.before, d.after);
    end if;
  when 'credit_packages' then
    select * into d from private.jsonb_changes(o, n);
    if tg_op <> 'UPDATE' or d.after <> '{}'::jsonb then
      perform private.write_audit(case tg_op when 'INSERT' then 'package_created' when 'DELETE' then 'package_deleted' else 'package_updated' end,
        'credit_package', coalesce(new.id, old.id)::text, coalesce(new.name, old.name),
        case when tg_op = 'INSERT' then null else d.before end, case when tg_op = 'DELETE' then null else d.after end);
    end if;
  else
    null;
  end case;
  return null;
end
$$;

create trigger profiles_audit after update of role on public.profiles
  for each row execute function private.audit_staff_change();
create trigger account_bans_audit after insert on public.account_bans
  for each row execute function private.audit_staff_change();
create trigger credit_transactions_audit after insert on public.credit_transactions
  for each row execute function private.audit_staff_change();
create trigger listings_audit after update of is_paused, is_premium or delete on public.listings
  for each row execute function private.audit_staff_change();
create trigger listing_reports_audit after update of status on public.listing_reports
  for each row execute function private.audit_staff_change();
create trigger tickets_audit after update of status on public.tickets
  for each row execute function private.audit_staff_change();
create trigger ticket_messages_audit after insert on public.ticket_messages
  for each row execute function private.audit_staff_change();
create trigger coupons_audit after insert or update or delete on public.coupons
  for each row execute function private.audit_staff_change();
create trigger settings_audit after insert or update or delete on public.settings
  for each row execute function private.audit_staff_change();
create trigger credit_packages_audit after insert or update or delete on public.credit_packages
  for each row execute function private.audit_staff_change();

alter table public.audit_log enable row level security;

-- Read by admin only; written only by private.write_audit (its owner bypasses RLS); nobody
-- updates or deletes (no grant, no policy, and the trigger above for the owner too).
revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

create policy "Admins can read the audit log" on public.audit_log
  for select to authenticated
  using ((select private.current_role_is_admin()));

revoke execute on function private.refuse_audit_change() from public, anon, authenticated;
revoke execute on function private.set_audit_reason(text) from public, anon, authenticated;
revoke execute on function private.write_audit(text, text, text, text, jsonb, jsonb, text) from public, anon, authenticated;
revoke execute on function private.jsonb_changes(jsonb, jsonb, text[]) from public, anon, authenticated;
revoke execute on function private.staff_decision_reason(boolean, text) from public, anon, authenticated;
revoke execute on function private.tell_staff_decision(public.listings, uuid, text, text, jsonb, text) from public, anon, authenticated;
revoke execute on function private.audit_staff_change() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Staff functions that carry a reason into the log (admin_delete_listing, in its own
-- migration, sets its reason the same way)

/** Staff: closes a report without acting on the listing, with an optional note for the log. */
create or replace function private.dismiss_report(p_report_id uuid, p_reason text default null) returns public.listing_reports
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  r public.listing_reports;
begin
  perform private.set_audit_reason(p_reason);
  update public.listing_reports
     set status = 'dismissed', reviewed_at = now(), reviewed_by = uid
   where id = p_report_id and status = 'open'
  returning * into r;
  if not found then
    raise exception 'Segnalazione non trovata o già gestita.' using errcode = 'P0001', detail = 'report_not_found';
  end if;
  perform private.set_audit_reason(null);
  return r;
end
$$;

revoke execute on function private.dismiss_report(uuid, text) from public, anon;
grant execute on function private.dismiss_report(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Panoramica

/**
 * Staff only: the panel's figures now and their daily series over the last p_days days
 * (Rome calendar days, oldest first). Open tickets and reports, new users, credits sold and
 * revenue count per day; the listings' states are read back from today's rows (a listing's
 * creation, expiry and current pause), so deleted listings and past pauses do not show.
 */
create or replace function private.admin_overview(p_days integer default 30) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  days integer := least(greatest(coalesce(p_days, 30), 1), 90);
  today date := (now() at time zone 'Europe/Rome')::date;
  since timestamptz := ((today - (days - 1))::timestamp at time zone 'Europe/Rome');
  figures jsonb;
  series jsonb;
begin
  perform private.require_staff();
  select jsonb_build_object(
    'open_tickets', (select count(*) from public.tickets t where t.status in ('open', 'in_progress')),
    'open_reports', (select count(*) from public.listing_reports r where r.status = 'open'),
    'listings_active', (select count(*) from public.listings l where private.listing_is_public(l.is_paused, l.expires_at, l.review_status)),
    'listings_paused', (select count(*) from public.listings l where l.is_paused),
    'listings_expired', (select count(*) from public.listings l where not l.is_paused and not private.listing_is_public(l.is_paused, l.expires_at, 'approved')),
    'new_users', (select count(*) from public.profiles p where p.created_at >= since),
    'credits_sold', (select coalesce(sum(p.credits), 0) from public.payments p
                      where p.status = 'completed' and coalesce(p.settled_at, p.created_at) >= since),
    'revenue_cents', (select coalesce(sum(p.amount_cents), 0) from public.payments p
                       where p.status = 'completed' and coalesce(p.settled_at, p.created_at) >= since)
  ) into figures;

  select jsonb_agg(jsonb_build_object(
    'day', to_char(d.day, 'YYYY-MM-DD'),
    'tickets', (select count(*) from public.tickets t where t.created_at >= d.start_at and t.created_at < d.end_at),
    'reports', (select count(*) from public.listing_reports r where r.created_at >= d.start_at and r.created_at < d.end_at),
    'listings_active', (select count(*) from public.listings l where l.created_at <= d.at and l.expires_at > d.at
                          and not (l.is_paused and l.paused_at <= d.at) and l.review_status = 'approved'),
    'listings_paused', (select count(*) from public.listings l where l.created_at <= d.at and l.is_paused and l.paused_at <= d.at),
    'listings_expired', (select count(*) from public.listings l where l.created_at <= d.at and l.expires_at <= d.at
                           and not (l.is_paused and l.paused_at <= d.at)),
    'new_users', (select count(*) from public.profiles p where p.created_at >= d.start_at and p.created_at < d.end_at),
    'credits_sold', (select coalesce(sum(p.credits), 0) from public.payments p where p.status = 'completed'
                       and coalesce(p.settled_at, p.created_at) >= d.start_at and coalesce(p.settled_at, p.created_at) < d.end_at),
    'revenue_cents', (select coalesce(sum(p.amount_cents), 0) from public.payments p where p.status = 'completed'
                        and coalesce(p.settled_at, p.created_at) >= d.start_at and coalesce(p.settled_at, p.created_at) < d.end_at)
  ) order by d.day) into series
  from (
    select g.day::date as day,
           (g.day::timestamp at time zone 'Europe/Rome') as start_at,
           ((g.day::date + 1)::timestamp at time zone 'Europe/Rome') as end_at,
           -- The state at the end of the day; today's is now, so the last point is the figure.
           least(((g.day::date + 1)::timestamp at time zone 'Europe/Rome'), now()) as at
      from generate_series(today - (days - 1), today, interval '1 day') as g(day)
  ) d;

  return jsonb_build_object('figures', figures, 'series', coalesce(series, '[]'::jsonb));
end
$$;

revoke execute on function private.admin_overview(integer) from public, anon;
grant execute on function private.admin_overview(integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Realtime: the staff inbox and the report queue update live (RLS still decides who hears).

do $$
begin
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'tickets') then
    alter publication supabase_realtime add table public.tickets;
  end if;
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'listing_reports') then
    alter publication supabase_realtime add table public.listing_reports;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.admin_overview, the SECURITY DEFINER body. */
create or replace function public.admin_overview(p_days integer default 30) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.admin_overview(p_days)
$$;

/** The API's entry point to private.dismiss_report, the SECURITY DEFINER body. */
create or replace function public.dismiss_report(p_report_id uuid, p_reason text default null) returns public.listing_reports
language sql
security invoker
set search_path = ''
as $$
  select * from private.dismiss_report(p_report_id, p_reason)
$$;

revoke execute on function public.admin_overview(integer) from public, anon;
revoke execute on function public.dismiss_report(uuid, text) from public, anon;
grant execute on function public.admin_overview(integer), public.dismiss_report(uuid, text) to authenticated, service_role;
