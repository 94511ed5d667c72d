-- Statistics per listing and per day (issue 27): views of the listing page, taps on 'Chiama'
-- and 'WhatsApp', times kept in Preferiti, appearances on search results' first page.
-- Nothing that names a person is stored: no address, no user id, no cookie. The page sends a
-- random id its device keeps; SQL hashes it with a salt of the day (Europe/Rome), and the
-- salt, the hashes and the rate counters are deleted when the day ends, so yesterday's hashes
-- cannot be linked to anything even by us. Only the daily counts stay.

-- The counts the owner and staff read.
create table public.listing_stats_daily (
  listing_id uuid not null references public.listings (id) on delete cascade,
  day date not null,
  views integer not null default 0 check (views >= 0),
  calls integer not null default 0 check (calls >= 0),
  whatsapp integer not null default 0 check (whatsapp >= 0),
  favourites integer not null default 0 check (favourites >= 0),
  impressions integer not null default 0 check (impressions >= 0),
  -- The listing had an active promotion at some moment of the day.
  promoted boolean not null default false,
  primary key (listing_id, day)
);

comment on table public.listing_stats_daily is 'Daily counts per listing; written only by record_listing_events and the stats job; read by the owner and staff.';

alter table public.listing_stats_daily enable row level security;
revoke all on table public.listing_stats_daily from anon, authenticated;
grant select on table public.listing_stats_daily to authenticated;
grant select on table public.listing_stats_daily to service_role;

create policy "Owners and staff can read a listing's statistics" on public.listing_stats_daily
  for select to authenticated
  using (
    (select private.current_role_is_staff())
    or exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid()))
  );

-- Per device of the day: its hashed id and its rate window. Deleted with the day.
create table public.listing_stats_devices (
  day date not null,
  device_hash bytea not null,
  window_start timestamptz not null,
  window_events integer not null,
  primary key (day, device_hash)
);

comment on table public.listing_stats_devices is 'Rate window of a device today (salted hash only); deleted with the day.';

-- Which devices were already counted today for a listing and a kind (views, calls, WhatsApp,
-- favourites count once per device and day). Deleted with the day.
create table public.listing_stats_seen (
  day date not null,
  listing_id uuid not null references public.listings (id) on delete cascade,
  kind text not null check (kind in ('view', 'call', 'whatsapp', 'favourite')),
  device_hash bytea not null,
  primary key (day, listing_id, kind, device_hash)
);

comment on table public.listing_stats_seen is 'Devices already counted today per listing and kind (salted hash only); deleted with the day.';

create index listing_stats_seen_listing_idx on public.listing_stats_seen (listing_id);

-- No API role reads or writes these two; service_role reads them (tests check what is kept).
alter table public.listing_stats_devices enable row level security;
alter table public.listing_stats_seen enable row level security;
revoke all on table public.listing_stats_devices, public.listing_stats_seen from anon, authenticated;
grant select on table public.listing_stats_devices, public.listing_stats_seen to service_role;

-- The salt of each day, never readable through the API, deleted when its day is over.
create table private.listing_stats_salts (
  day date primary key,
  salt bytea not null default (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
);

revoke all on table private.listing_stats_salts from public;
alter table private.listing_stats_salts enable row level security;

/** Why: statistics days are Italian days, whatever the server's time zone. */
create or replace function private.stats_day(p_at timestamptz default now()) returns date
language sql
stable
set search_path = ''
as $$ select (p_at at time zone 'Europe/Rome')::date $$;

/**
 * Why: the salt of a day, made on first use (the job also makes it ahead), so the ingest never
 * depends on the job having run.
 */
create or replace function private.listing_stats_salt(p_day date) returns bytea
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  s bytea;
begin
  select salt into s from private.listing_stats_salts where day = p_day;
  if s is null then
    insert into private.listing_stats_salts (day) values (p_day) on conflict (day) do nothing;
    select salt into s from private.listing_stats_salts where day = p_day;
  end if;
  return s;
end
$$;

/**
 * Why: the bots that say so in their user agent (search engines, link previews, monitors,
 * scripts) are not visitors. A browser driven by a test is a browser: not matched.
 */
create or replace function private.request_is_bot() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (nullif(current_setting('request.headers', true), '')::jsonb ->> 'user-agent')
      ~* '(bot|crawl|spider|slurp|facebookexternalhit|embedly|whatsapp/|telegram|lighthouse|pingdom|uptime|curl/|wget/|python-|go-http-client|httpclient|scrapy)',
    false)
$$;

/**
 * Why: visitors' pages report what they saw, in batches, without an account. The batch is
 * taken in ONE statement: the device's id is hashed with the day's salt, its rate window
 * (120 events a minute) decides how many of the batch count, the owner's and staff's own
 * events and bots' are dropped, views/calls/WhatsApp/favourites count once per device and day,
 * search appearances each time, and the day's counts are added up. Returns how many counted.
 */
create or replace function private.record_listing_events(p_device uuid, p_events jsonb) returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with params as (
    select private.stats_day() as day,
           sha256(private.listing_stats_salt(private.stats_day()) || uuid_send(p_device)) as hash,
           date_trunc('minute', now()) as minute,
           120 as per_minute,
           (select auth.uid()) as uid,
           private.current_role_is_staff() or private.request_is_bot() as ignored
     where p_device is not null and jsonb_typeof(p_events) = 'array'
  ),
  input as (
    select e.n, e.value ->> 'type' as kind, (e.value ->> 'listing')::uuid as listing_id
      from jsonb_array_elements(case when jsonb_typeof(p_events) = 'array' then p_events else '[]'::jsonb end)
           with ordinality as e (value, n)
     where e.n <= 50
       and e.value ->> 'type' in ('view', 'call', 'whatsapp', 'favourite', 'impression')
       and e.value ->> 'listing' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
  ),
  rate as (
    insert into public.listing_stats_devices as d (day, device_hash, window_start, window_events)
    select p.day, p.hash, p.minute, (select count(*) from input) from params p
    on conflict (day, device_hash) do update
      set window_events = case when d.window_start = excluded.window_start
                               then d.window_events + excluded.window_events else excluded.window_events end,
          window_start = excluded.window_start
    returning window_events
  ),
  allowed as (
    select i.kind, i.listing_id, p.day, p.hash,
           private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at) as promoted
      from input i
      cross join params p
      cross join rate r
      join public.listings l on l.id = i.listing_id
     where not p.ignored
       and l.user_id is distinct from p.uid
       and i.n <= p.per_minute - (r.window_events - (select count(*) from input))
  ),
  first_today as (
    insert into public.listing_stats_seen (day, listing_id, kind, device_hash)
    select distinct a.day, a.listing_id, a.kind, a.hash from allowed a where a.kind <> 'impression'
    on conflict do nothing
    returning listing_id, kind
  ),
  counted as (
    select listing_id, kind from first_today
    union all
    select listing_id, kind from allowed where kind = 'impression'
  ),
  totals as (
    select c.listing_id,
           count(*) filter (where c.kind = 'view') as views,
           count(*) filter (where c.kind = 'call') as calls,
           count(*) filter (where c.kind = 'whatsapp') as whatsapp,
           count(*) filter (where c.kind = 'favourite') as favourites,
           count(*) filter (where c.kind = 'impression') as impressions,
           count(*) as events
      from counted c
     group by c.listing_id
  ),
  added as (
    insert into public.listing_stats_daily as s (listing_id, day, views, calls, whatsapp, favourites, impressions, promoted)
    select t.listing_id, (select day from params), t.views, t.calls, t.whatsapp, t.favourites, t.impressions,
           coalesce((select bool_or(a.promoted) from allowed a where a.listing_id = t.listing_id), false)
      from totals t
    on conflict (listing_id, day) do update
      set views = s.views + excluded.views,
          calls = s.calls + excluded.calls,
          whatsapp = s.whatsapp + excluded.whatsapp,
          favourites = s.favourites + excluded.favourites,
          impressions = s.impressions + excluded.impressions,
          promoted = s.promoted or excluded.promoted
    returning 1
  )
  select coalesce(sum(events), 0)::integer from totals
$$;

/**
 * Why: the day rolls over (Europe/Rome): the salts, hashes and rate windows of past days are
 * deleted, today's salt is made, today's row of each promoted listing is marked promoted (the
 * chart's band, also on days without events), and counts older than 400 days go.
 */
create or replace function private.roll_listing_stats(p_now timestamptz default now()) returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := private.stats_day(p_now);
  marked integer;
begin
  delete from private.listing_stats_salts where day < today;
  delete from public.listing_stats_seen where day < today;
  delete from public.listing_stats_devices where day < today;
  insert into private.listing_stats_salts (day) values (today) on conflict (day) do nothing;
  insert into public.listing_stats_daily as s (listing_id, day, promoted)
  select l.id, today, true from public.listings l
   where l.is_premium and private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at, p_now)
  on conflict (listing_id, day) do update set promoted = true where not s.promoted;
  get diagnostics marked = row_count;
  delete from public.listing_stats_daily where day < today - 400;
  return marked;
end
$$;

revoke all on function private.stats_day(timestamptz), private.listing_stats_salt(date), private.request_is_bot(),
  private.record_listing_events(uuid, jsonb), private.roll_listing_stats(timestamptz) from public, anon, authenticated;
grant execute on function private.record_listing_events(uuid, jsonb) to anon, authenticated, service_role;
grant execute on function private.roll_listing_stats(timestamptz) to service_role;

/** The API's entry to private.record_listing_events (visitors' pages call it with keepalive fetch). */
create or replace function public.record_listing_events(p_device uuid, p_events jsonb) returns integer
language sql
volatile
set search_path = ''
as $$ select private.record_listing_events(p_device, p_events) $$;

revoke all on function public.record_listing_events(uuid, jsonb) from public;
grant execute on function public.record_listing_events(uuid, jsonb) to anon, authenticated, service_role;

/** The job as service_role may call it with a chosen "now" (tests, a manual run). */
create or replace function public.roll_listing_stats(p_now timestamptz default now()) returns integer
language sql
volatile
set search_path = ''
as $$ select private.roll_listing_stats(p_now) $$;

revoke all on function public.roll_listing_stats(timestamptz) from public, anon, authenticated;
grant execute on function public.roll_listing_stats(timestamptz) to service_role;

select cron.schedule('listing-stats-rollover', '*/5 * * * *', 'select private.roll_listing_stats()');
