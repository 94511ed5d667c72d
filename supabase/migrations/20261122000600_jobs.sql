-- Scheduled jobs. Each body is a SQL function taking the current time (default now()) so
-- tests can call it directly as service_role; cron.schedule (pg_cron's signature) runs
-- `select private.<fn>()` (public keeps service-role wrappers). On Supabase pg_cron must be created; locally the cron schema exists.

-- The scheduler: pg_cron when nothing provides cron.schedule yet (Supabase preloads it), else
-- what is there (supabase/local's bootstrap stands in for pg_cron and runs cron.job itself).
-- Being installed is not enough: without shared_preload_libraries pg_cron cannot be created.
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is null then
    create extension if not exists pg_cron;
  end if;
end
$$;

/**
 * The dedupe key of a job's notification about one expiry of a listing: a renewed listing
 * has a new expires_at, so it is warned and expired again.
 */
create or replace function private.listing_notification_key(p_type text, p_listing_id uuid, p_expires_at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select p_type || ':' || p_listing_id::text || ':' || extract(epoch from p_expires_at)::text
$$;

revoke all on function private.listing_notification_key(text, uuid, timestamptz) from public, anon, authenticated;

/** Ends promotions whose end has passed (not paused): is_premium false, promotion fields emptied. */
create or replace function private.end_expired_promotions(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.listings set is_premium = false, promotion_mode = null, promotion_start_at = null, promotion_end_at = null
   where is_premium and not is_paused and promotion_end_at < p_now;
  get diagnostics n = row_count;
  return n;
end
$$;

/**
 * 'Rinnovo automatico': renews, for listing_creation_cost (10) crediti each (an auto_renewal
 * line), the listings with auto_renew whose expiry falls before the expiry job's next run
 * (15 minutes), so they never lapse: another listing_duration_days from their expiry (from
 * p_now when the job ran late). One charge per period: a renewed listing is not due again,
 * and the row lock makes a second run skip or re-read it. With too few credits nothing
 * happens until the listing has expired; then the switch turns off and the owner is told
 * once (bell and push). A listing waiting for review or refused is never renewed (it is not
 * public: the charge would buy nothing). Returns the number renewed.
 */
create or replace function private.auto_renew_listings(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  cost integer := private.setting_int('listing_creation_cost', 10);
  days integer := private.setting_int('listing_duration_days', 30);
  r record;
  n integer := 0;
begin
  for r in
    select l.id, l.user_id, l.title, l.expires_at from public.listings l
     where l.auto_renew and not l.is_paused and l.review_status = 'approved' and l.expires_at <= p_now + interval '15 minutes'
     order by l.expires_at
     for update skip locked
  loop
    begin
      perform private.spend_credits(r.user_id, cost, 'auto_renewal', 'Rinnovo automatico: ' || r.title, r.id);
      update public.listings set expires_at = greatest(expires_at, p_now) + make_interval(days => days) where id = r.id;
      n := n + 1;
    exception when sqlstate 'P0001' then
      -- Expired (the clock alone, whatever its review): give up and tell the owner.
      if not private.listing_is_public(false, r.expires_at, 'approved', p_now) then
        update public.listings set auto_renew = false where id = r.id;
        insert into public.admin_notifications (user_id, type, entity_id, message, dedupe_key)
        values (r.user_id, 'auto_renew_failed', r.id::text,
                'Crediti insufficienti per il rinnovo automatico di "' || left(r.title, 120) || '"',
                private.listing_notification_key('auto_renew_failed', r.id, r.expires_at))
        on conflict (dedupe_key) where dedupe_key is not null do nothing;
      end if;
    end;
  end loop;
  return n;
end
$$;

/**
 * Expires listings whose expires_at has passed (not paused), after renewing those with
 * 'Rinnovo automatico' (auto_renew_listings): they already left the public view through
 * RLS; this ends any promotion left on them and tells the owner once per expiry.
 */
create or replace function private.expire_listings(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  perform private.auto_renew_listings(p_now);
  with expired as (
    select l.id, l.user_id, l.title, l.expires_at from public.listings l
     -- Its clock, whatever its review: a listing still waiting for staff expires too.
     where not l.is_paused and not private.listing_is_public(l.is_paused, l.expires_at, 'approved', p_now)
  ), cleared as (
    update public.listings l set is_premium = false, promotion_mode = null, promotion_start_at = null, promotion_end_at = null
      from expired e where l.id = e.id and l.is_premium
    returning l.id
  ), notified as (
    insert into public.admin_notifications (user_id, type, entity_id, message, dedupe_key)
    select e.user_id, 'listing_expired', e.id::text,
           'Il tuo annuncio "' || left(e.title, 120) || '" è scaduto il '
           || to_char(e.expires_at at time zone 'Europe/Rome', 'DD/MM/YYYY HH24:MI') || '. Rinnovalo per renderlo di nuovo visibile.',
           private.listing_notification_key('listing_expired', e.id, e.expires_at)
      from expired e
    on conflict (dedupe_key) where dedupe_key is not null do nothing
    returning 1
  )
  select (select count(*) from notified) into n;
  return n;
end
$$;

/**
 * Warns owners shortly (listing_expiry_warning_hours, 24) before a listing expires,
 * once per expiry date.
 */
create or replace function private.notify_expiring_listings(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  hours integer := private.setting_int('listing_expiry_warning_hours', 24);
  n integer;
begin
  insert into public.admin_notifications (user_id, type, entity_id, message, dedupe_key)
  select l.user_id, 'listing_expiring', l.id::text,
         'Il tuo annuncio "' || left(l.title, 120) || '" scade il '
         || to_char(l.expires_at at time zone 'Europe/Rome', 'DD/MM/YYYY HH24:MI') || '.',
         private.listing_notification_key('listing_expiring', l.id, l.expires_at)
    from public.listings l
   where not l.is_paused and private.listing_is_public(l.is_paused, l.expires_at, 'approved', p_now)
     and l.expires_at <= p_now + make_interval(hours => hours)
  on conflict (dedupe_key) where dedupe_key is not null do nothing;
  get diagnostics n = row_count;
  return n;
end
$$;

/**
 * The start of the current night-bump slot, or null outside the night window. The window
 * 21:00-05:00 Europe/Rome (8 hours) is cut into promotion_night_bumps (5) equal slots of
 * 96 minutes starting 21:00, 22:36, 00:12, 01:48, 03:24.
 */
create or replace function private.night_bump_slot_start(p_now timestamptz default now()) returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  bumps integer := greatest(private.setting_int('promotion_night_bumps', 5), 1);
  local_now timestamp := p_now at time zone 'Europe/Rome';
  night_start timestamp;
  slot_minutes numeric := 480.0 / bumps;
  slot integer;
begin
  if local_now::time >= time '21:00' then
    night_start := local_now::date + time '21:00';
  elsif local_now::time < time '05:00' then
    night_start := (local_now::date - 1) + time '21:00';
  else
    return null;
  end if;
  slot := floor(extract(epoch from (local_now - night_start)) / 60 / slot_minutes)::integer;
  return (night_start + make_interval(mins => floor(slot * slot_minutes)::integer)) at time zone 'Europe/Rome';
end
$$;

/**
 * Bumps promoted listings (last_bumped_at = now): a 'day' promotion once when it starts
 * (covers pending promotions that just became active), a 'night' promotion once per
 * night slot. Runs every minute. Returns the number of listings bumped.
 */
create or replace function private.run_promotion_bumps(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  slot_start timestamptz := private.night_bump_slot_start(p_now);
  n integer;
begin
  update public.listings l set last_bumped_at = p_now
   where l.is_premium and not l.is_paused
     and private.listing_is_public(l.is_paused, l.expires_at, l.review_status, p_now)
     and private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at, p_now)
     and (
       (l.promotion_mode = 'day' and (l.last_bumped_at is null or l.last_bumped_at < l.promotion_start_at))
       or (l.promotion_mode = 'night' and slot_start is not null and (l.last_bumped_at is null or l.last_bumped_at < slot_start))
     );
  get diagnostics n = row_count;
  return n;
end
$$;

revoke execute on function private.end_expired_promotions(timestamptz) from public, anon, authenticated;
revoke execute on function private.expire_listings(timestamptz) from public, anon, authenticated;
revoke execute on function private.auto_renew_listings(timestamptz) from public, anon, authenticated;
revoke execute on function private.notify_expiring_listings(timestamptz) from public, anon, authenticated;
revoke execute on function private.night_bump_slot_start(timestamptz) from public, anon, authenticated;
revoke execute on function private.run_promotion_bumps(timestamptz) from public, anon, authenticated;
grant execute on function private.end_expired_promotions(timestamptz), private.expire_listings(timestamptz), private.auto_renew_listings(timestamptz),
  private.notify_expiring_listings(timestamptz), private.night_bump_slot_start(timestamptz),
  private.run_promotion_bumps(timestamptz) to service_role;

-- The API: the service role may run the jobs through it (tests, an operator); the SECURITY
-- DEFINER bodies stay in private, out of the exposed schema.

/** The API's entry point to private.end_expired_promotions, for the service role only. */
create or replace function public.end_expired_promotions(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.end_expired_promotions(p_now) $$;

/** The API's entry point to private.expire_listings, for the service role only. */
create or replace function public.expire_listings(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.expire_listings(p_now) $$;

/** The API's entry point to private.notify_expiring_listings, for the service role only. */
create or replace function public.notify_expiring_listings(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.notify_expiring_listings(p_now) $$;

/** The API's entry point to private.night_bump_slot_start, for the service role only. */
create or replace function public.night_bump_slot_start(p_now timestamptz default now()) returns timestamptz
language sql stable security invoker set search_path = ''
as $$ select private.night_bump_slot_start(p_now) $$;

/** The API's entry point to private.run_promotion_bumps, for the service role only. */
create or replace function public.run_promotion_bumps(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.run_promotion_bumps(p_now) $$;

revoke execute on function public.end_expired_promotions(timestamptz), public.expire_listings(timestamptz),
  public.notify_expiring_listings(timestamptz), public.night_bump_slot_start(timestamptz),
  public.run_promotion_bumps(timestamptz) from public, anon, authenticated;
grant execute on function public.end_expired_promotions(timestamptz), public.expire_listings(timestamptz),
  public.notify_expiring_listings(timestamptz), public.night_bump_slot_start(timestamptz),
  public.run_promotion_bumps(timestamptz) to service_role;

select cron.schedule('end-expired-promotions', '*/5 * * * *', 'select private.end_expired_promotions()');
select cron.schedule('expire-listings', '*/15 * * * *', 'select private.expire_listings()');
-- Every minute: a scheduled slot starts (its bump) on its minute.
select cron.schedule('promotion-bumps', '* * * * *', 'select private.run_promotion_bumps()');
select cron.schedule('listing-expiry-warnings', '0 * * * *', 'select private.notify_expiring_listings()');
-- Credit purchase orders nobody paid (migration 20261122000340_purchase_orders.sql).
select cron.schedule('expire-purchase-orders', '* * * * *', 'select private.expire_purchase_orders()');
-- Photo files (storage migration): retry removals left in the queue; sweep files no row names.
select cron.schedule('storage-cleanup', '* * * * *', 'select private.retry_storage_cleanup()');
select cron.schedule('storage-sweep', '30 3 * * *', 'select private.queue_orphan_storage_files()');
