-- Statistics per listing and per day (issue 27): views of the listing page, taps on 'Chiama'
-- and 'WhatsApp', times kept in Preferiti, appearances on search results' first page.
-- Nothing that names a person is stored: no address, no user id, no cookie. The page sends a
-- random id its device keeps; SQL hashes it with a salt of the day (Europe/Rome), and the
-- salt, the hashes and the rate counters are deleted when the day ends, so yesterday's hashes
-- cannot be linked to anything even by us. Only the daily counts stay.
--
-- Counting people, not requests (issue 41): a view, a call, a WhatsApp tap or a favourite
-- counts only with the token listing_detail signed when it served that listing's page (the
-- listing, the Rome day, a random nonce; each token once per kind), from a listing on show,
-- at most 5 per kind from one address (hashed with the day's salt) per listing and day, and
-- never from the owner or staff: their session, a token minted for them, or an address they
-- were seen at today for that listing. See docs/decisions/0903-stats-signed-page-token.md.

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

-- The page tokens used today (their nonce and the kind they counted for): each once.
create table public.listing_stats_tokens (
  day date not null,
  nonce bytea not null,
  kind text not null check (kind in ('view', 'call', 'whatsapp', 'favourite')),
  primary key (day, nonce, kind)
);

comment on table public.listing_stats_tokens is 'Page tokens already used today, per kind (nonce only); deleted with the day.';

-- How many of a kind counted today from one address (salted hash) for a listing; an address
-- the owner or staff were seen at is set to the limit. Deleted with the day.
create table public.listing_stats_addresses (
  day date not null,
  listing_id uuid not null references public.listings (id) on delete cascade,
  kind text not null check (kind in ('view', 'call', 'whatsapp', 'favourite')),
  address_hash bytea not null,
  counted integer not null check (counted >= 0),
  primary key (day, listing_id, kind, address_hash)
);

comment on table public.listing_stats_addresses is 'Events counted today per listing, kind and address (salted hash only); deleted with the day.';

create index listing_stats_addresses_listing_idx on public.listing_stats_addresses (listing_id);

-- The batches a device sent today, by the id the page made for each: an offline outbox may
-- send one batch many times, and search appearances have no token to count them once
-- (docs/decisions/1008-offline-writes-applied-once.md). Deleted with the day.
create table public.listing_stats_batches (
  day date not null,
  device_hash bytea not null,
  batch uuid not null,
  primary key (day, device_hash, batch)
);

comment on table public.listing_stats_batches is 'Event batches already taken today per device (salted hash and the page''s random batch id); deleted with the day.';

-- No API role reads or writes these five; service_role reads them (tests check what is kept).
alter table public.listing_stats_devices enable row level security;
alter table public.listing_stats_seen enable row level security;
alter table public.listing_stats_tokens enable row level security;
alter table public.listing_stats_addresses enable row level security;
alter table public.listing_stats_batches enable row level security;
revoke all on table public.listing_stats_devices, public.listing_stats_seen, public.listing_stats_tokens,
  public.listing_stats_addresses, public.listing_stats_batches from anon, authenticated;
grant select on table public.listing_stats_devices, public.listing_stats_seen, public.listing_stats_tokens,
  public.listing_stats_addresses, public.listing_stats_batches to service_role;

-- The salt of each day, never readable through the API, deleted when its day is over.
create table private.listing_stats_salts (
  day date primary key,
  salt bytea not null default (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
);

revoke all on table private.listing_stats_salts from public;
alter table private.listing_stats_salts enable row level security;

-- The key page tokens are signed with: made once, never readable through the API. Minting
-- only reads it, so listing_detail stays a read.
create table private.listing_stats_secret (
  id boolean primary key default true check (id),
  secret bytea not null default (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
);

insert into private.listing_stats_secret default values;
revoke all on table private.listing_stats_secret from public;
alter table private.listing_stats_secret enable row level security;

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
 * Why: one way to know a client again within a day without keeping who it is: its address
 * hashed with the day's salt (the statistics' limits, the reports' limits).
 */
create or replace function private.salted_client_address(p_salt bytea) returns bytea
language sql
stable
set search_path = ''
as $$ select sha256(p_salt || convert_to('address ' || coalesce(private.request_client_address(), ''), 'UTF8')) $$;

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
 * Why: a page token's signature: the listing, the day, the nonce and whether it was minted for
 * the owner or staff ('o') or a visitor ('a'), keyed with the secret (a nested SHA-256, as
 * PostgreSQL has no HMAC without pgcrypto), 128 bits in hex. Inlined by the ingest.
 */
create or replace function private.listing_view_token_sig(p_secret bytea, p_listing_id uuid, p_day text, p_nonce text, p_flag text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(encode(sha256(p_secret || sha256(p_secret || uuid_send(p_listing_id)
    || convert_to(p_day || '.' || p_nonce || '.' || p_flag, 'UTF8'))), 'hex'), 32)
$$;

/**
 * Why: the token listing_detail hands with a listing's page, so only a page the server served
 * can count a view (and its contacts): '<Rome day>.<nonce>.<a|o>.<signature>'. Nothing is
 * written: the day bounds its life and the ingest remembers the nonces used today. 'o' marks
 * a token minted for the owner or staff, which never counts.
 */
create or replace function private.listing_view_token(p_listing_id uuid, p_own boolean, p_now timestamptz default now())
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select t.day || '.' || t.nonce || '.' || t.flag || '.'
         || private.listing_view_token_sig((select secret from private.listing_stats_secret), p_listing_id, t.day, t.nonce, t.flag)
    from (select private.stats_day(p_now)::text as day, replace(gen_random_uuid()::text, '-', '') as nonce,
                 case when p_own then 'o' else 'a' end as flag) t
$$;

/**
 * Why: visitors' pages report what they saw, in batches, without an account. The batch is
 * taken in ONE statement: the device's id and the caller's address are hashed with the day's
 * salt, the device's rate window (120 events a minute) decides how many of the batch count,
 * bots' events are dropped, and so is everything about a listing not on show (waiting,
 * refused, paused, expired). Views, calls, WhatsApp taps and favourites need the token of the
 * listing's page (today's, signed, each once per kind), count once per device and day and at
 * most 5 a day per address and listing; the owner's and staff's own (their session or a token
 * minted for them) count nothing and mark their address as theirs for that listing today.
 * Search appearances count each time. A batch sent again with its p_batch (the id the page
 * made for it) counts nothing the second time, the same day. Returns how many counted.
 */
create or replace function private.record_listing_events(p_device uuid, p_events jsonb, p_batch uuid default null)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with params as (
    select d.day,
           sha256(s.salt || uuid_send(p_device)) as hash,
           private.salted_client_address(s.salt) as address,
           date_trunc('minute', now()) as minute,
           120 as per_minute,
           (select auth.uid()) as uid,
           private.current_role_is_staff() as staff,
           private.request_is_bot() as bot,
           (select k.secret from private.listing_stats_secret k) as secret
      from (select private.stats_day() as day) d
      cross join lateral (select private.listing_stats_salt(d.day) as salt) s
     where p_device is not null and jsonb_typeof(p_events) = 'array'
  ),
  -- A copy of this batch taken before (or committing in parallel: the insert waits) empties it.
  batch as (
    insert into public.listing_stats_batches (day, device_hash, batch)
    select p.day, p.hash, p_batch from params p where p_batch is not null
    on conflict do nothing
    returning 1
  ),
  input as (
    select e.n, e.value ->> 'type' as kind, (e.value ->> 'listing')::uuid as listing_id,
           coalesce(e.value ->> 'token', '') as token
      from jsonb_array_elements(case when jsonb_typeof(p_events) = 'array' then p_events else '[]'::jsonb end)
           with ordinality as e (value, n)
     where e.n <= 50
       and (p_batch is null or exists (select 1 from batch))
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
  -- Within the device's window, not a bot's, about a listing on show.
  allowed as (
    select i.kind, i.listing_id, i.token, p.day, p.hash, p.address, p.secret,
           p.staff or coalesce(l.user_id = p.uid, false) as own_caller,
           private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at) as promoted
      from input i
      cross join params p
      cross join rate r
      join public.listings l on l.id = i.listing_id
     where not p.bot
       and private.listing_is_public(l.is_paused, l.expires_at, l.review_status)
       and i.n <= p.per_minute - (r.window_events - (select count(*) from input))
  ),
  -- People's events with a valid token of today's page of that listing.
  tokened as (
    select a.kind, a.listing_id, a.day, a.hash, a.address, a.own_caller, split_part(a.token, '.', 3) = 'o' as own_token,
           decode(split_part(a.token, '.', 2), 'hex') as nonce
      from allowed a
     where a.kind <> 'impression'
       and split_part(a.token, '.', 1) = a.day::text
       and split_part(a.token, '.', 2) ~ '^[0-9a-f]{32}$'
       and split_part(a.token, '.', 3) in ('a', 'o')
       and split_part(a.token, '.', 4) = private.listing_view_token_sig(a.secret, a.listing_id, split_part(a.token, '.', 1),
                                                                      split_part(a.token, '.', 2), split_part(a.token, '.', 3))
  ),
  -- The owner or staff on their own listing's page (signed in, or with a token minted for them):
  -- nothing of theirs counts, and their address counts nothing more for that listing today.
  own as (
    select distinct a.day, a.listing_id, a.address from allowed a where a.kind <> 'impression' and a.own_caller
    union
    select distinct t.day, t.listing_id, t.address from tokened t where t.own_token
  ),
  marked as (
    insert into public.listing_stats_addresses as m (day, listing_id, kind, address_hash, counted)
    select o.day, o.listing_id, k.kind, o.address, 5
      from own o cross join (values ('view'), ('call'), ('whatsapp'), ('favourite')) k (kind)
     order by o.listing_id, k.kind
    on conflict (day, listing_id, kind, address_hash) do update set counted = 5
    returning 1
  ),
  -- Each token once per kind.
  fresh_tokens as (
    insert into public.listing_stats_tokens (day, nonce, kind)
    select distinct t.day, t.nonce, t.kind from tokened t
     where not t.own_caller and not t.own_token
       and t.listing_id not in (select o.listing_id from own o)
    on conflict do nothing
    returning nonce, kind
  ),
  -- Each device once a day per listing and kind.
  first_today as (
    insert into public.listing_stats_seen (day, listing_id, kind, device_hash)
    select distinct t.day, t.listing_id, t.kind, t.hash
      from fresh_tokens f join tokened t on t.nonce = f.nonce and t.kind = f.kind
    on conflict do nothing
    returning listing_id, kind
  ),
  -- At most 5 of a kind a day from one address for a listing (a household, an office: a
  -- script rotating device ids stops there). Rows are taken in one order (listing, kind) here
  -- and below, so concurrent batches wait for each other instead of deadlocking.
  by_address as (
    insert into public.listing_stats_addresses as c (day, listing_id, kind, address_hash, counted)
    select p.day, f.listing_id, f.kind, p.address, 1 from first_today f cross join params p
     order by f.listing_id, f.kind
    on conflict (day, listing_id, kind, address_hash) do update set counted = c.counted + 1 where c.counted < 5
    returning listing_id, kind
  ),
  counted as (
    select listing_id, kind from by_address
    union all
    select listing_id, kind from allowed where kind = 'impression' and not own_caller
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
     order by t.listing_id
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
  delete from public.listing_stats_tokens where day < today;
  delete from public.listing_stats_addresses where day < today;
  delete from public.listing_stats_batches where day < today;
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

revoke all on function private.stats_day(timestamptz), private.listing_stats_salt(date), private.salted_client_address(bytea), private.request_is_bot(),
  private.listing_view_token_sig(bytea, uuid, text, text, text), private.listing_view_token(uuid, boolean, timestamptz),
  private.record_listing_events(uuid, jsonb, uuid), private.roll_listing_stats(timestamptz) from public, anon, authenticated;
grant execute on function private.record_listing_events(uuid, jsonb, uuid) to anon, authenticated, service_role;
-- listing_detail (SECURITY DEFINER, owned by the migrator) mints; the API roles never call it directly.
grant execute on function private.listing_view_token(uuid, boolean, timestamptz) to service_role;
grant execute on function private.roll_listing_stats(timestamptz) to service_role;

/** The API's entry to private.record_listing_events (visitors' pages call it with keepalive fetch). */
create or replace function public.record_listing_events(p_device uuid, p_events jsonb, p_batch uuid default null) returns integer
language sql
volatile
set search_path = ''
as $$ select private.record_listing_events(p_device, p_events, p_batch) $$;

revoke all on function public.record_listing_events(uuid, jsonb, uuid) from public;
grant execute on function public.record_listing_events(uuid, jsonb, uuid) to anon, authenticated, service_role;

/** The job as service_role may call it with a chosen "now" (tests, a manual run). */
create or replace function public.roll_listing_stats(p_now timestamptz default now()) returns integer
language sql
volatile
set search_path = ''
as $$ select private.roll_listing_stats(p_now) $$;

revoke all on function public.roll_listing_stats(timestamptz) from public, anon, authenticated;
grant execute on function public.roll_listing_stats(timestamptz) to service_role;

select cron.schedule('listing-stats-rollover', '*/5 * * * *', 'select private.roll_listing_stats()');
