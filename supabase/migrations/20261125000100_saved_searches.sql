-- Saved searches ('Ricerche salvate'): a signed-in user keeps a search's filters under a
-- name, with an alert: 'instant' (within a minute, at most one per search per hour),
-- 'daily' (one digest at 09:00 Europe/Rome) or 'never'. When a listing becomes public
-- (published, resumed or renewed; a promotion starting does not make it new) a trigger queues
-- it; the saved-search-alerts job matches it by search_listings' own WHERE clause
-- (private.search_listings_where, the one source) and writes the bell notifications, which
-- send-push turns into web pushes.

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 80),
  -- search_listings_count's named arguments (p_city, p_age_min, ...): what the search sends.
  filters jsonb not null default '{}'::jsonb,
  alert text not null default 'instant' check (alert in ('instant', 'daily', 'never')),
  created_at timestamptz not null default now()
);

comment on table public.saved_searches is 'Searches a user keeps (Ricerche salvate), with their alert; private to the user.';

create index saved_searches_user_created_idx on public.saved_searches (user_id, created_at desc);

alter table public.saved_searches enable row level security;

revoke all on table public.saved_searches from anon, authenticated;
grant select, delete on table public.saved_searches to authenticated;
-- The app makes the id when the user saves, so an offline copy sent again with
-- `on conflict (id) do nothing` saves once (docs/decisions/1008-offline-writes-applied-once.md).
grant insert (id, user_id, name, filters, alert) on table public.saved_searches to authenticated;
grant update (name, alert) on table public.saved_searches to authenticated;

create policy "Users can read their saved searches" on public.saved_searches
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can save searches" on public.saved_searches
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.current_user_can_write()));

create policy "Users can update their saved searches" on public.saved_searches
  for update to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their saved searches" on public.saved_searches
  for delete to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()));

-- ---------------------------------------------------------------------------------------
-- Filters: the arguments search_listings takes, checked, and their WHERE clause.

/** Why: jsonb arrays become the text[] search_listings takes; anything else is no filter. */
create or replace function private.jsonb_text_array(p_value jsonb) returns text[]
language sql
immutable
set search_path = ''
as $$
  select case when pg_catalog.jsonb_typeof(p_value) = 'array'
              then array(select pg_catalog.jsonb_array_elements_text(p_value)) end
$$;

/**
 * Why: a saved search's filters are stored as given and matched later, so only what the
 * search itself takes is accepted (known keys, their types, bounded sizes), with an Italian
 * error instead of a cast failing in the alerts job. An insert with the id of a saved search
 * the user has is a copy sent again: it skips the cap, and its `on conflict` does nothing; an
 * id another user holds gets a fresh one, so neither learns of the other (1008).
 */
create or replace function private.check_saved_search() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Each case tests the type before it casts: CASE evaluates in order, AND may not.
  if pg_catalog.jsonb_typeof(new.filters) <> 'object' or pg_catalog.octet_length(new.filters::text) > 4000
     or exists (
       select 1 from pg_catalog.jsonb_each(new.filters) f (k, v)
        where not case
          when k in ('p_query', 'p_category', 'p_city', 'p_zone') then
            pg_catalog.jsonb_typeof(v) = 'string' and pg_catalog.char_length(v #>> '{}') <= 200
          when k in ('p_age_min', 'p_age_max', 'p_rate_min', 'p_rate_max') then
            case when pg_catalog.jsonb_typeof(v) = 'number'
                 then (v #>> '{}')::numeric between 0 and 10000 and (v #>> '{}')::numeric = pg_catalog.trunc((v #>> '{}')::numeric)
                 else false end
          when k in ('p_ethnicity', 'p_nationality', 'p_breast_type', 'p_hair_color', 'p_body_type', 'p_eye_color',
                     'p_meeting_type', 'p_availability_for', 'p_meeting_location', 'p_offered_services') then
            case when pg_catalog.jsonb_typeof(v) = 'array'
                 then pg_catalog.jsonb_array_length(v) <= 30
                      and not exists (select 1 from pg_catalog.jsonb_array_elements(v) e
                                       where pg_catalog.jsonb_typeof(e) <> 'string' or pg_catalog.char_length(e #>> '{}') > 60)
                 else false end
          else false
        end) then
    raise exception 'Filtri della ricerca non validi.' using errcode = '22023', detail = 'invalid_filters';
  end if;
  new.name := pg_catalog.btrim(new.name);
  if tg_op = 'INSERT' then
    -- One user's inserts queue here, so two parallel ones cannot both pass the count.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('saved_searches:' || new.user_id::text));
    -- Inserts of one id queue too: another user's insert racing with hers then sees her row
    -- and takes a fresh id, instead of being skipped by `on conflict (id) do nothing`.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('saved_searches:id:' || new.id::text));
    if exists (select 1 from public.saved_searches s where s.id = new.id and s.user_id = new.user_id) then
      return new;
    elsif exists (select 1 from public.saved_searches s where s.id = new.id) then
      new.id := pg_catalog.gen_random_uuid();
    end if;
    if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= 20 then
      raise exception 'Hai raggiunto il numero massimo di ricerche salvate (20). Eliminane una per salvarne un''altra.'
        using errcode = 'P0001', detail = 'too_many_saved_searches';
    end if;
  end if;
  return new;
end
$$;

create trigger saved_searches_check before insert or update on public.saved_searches
  for each row execute function private.check_saved_search();

/**
 * Why: the one rule, taken apart. The condition search_listings_where adds for filter n
 * ($n) when it is the only one given: what follows the public rule. Refuses to answer if the
 * clause ever stops being the public rule and independent conditions joined by 'and'.
 */
create or replace function private.search_condition(n integer) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  base text := private.search_listings_where(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
  x text[] := array['x'];
  one text := private.search_listings_where(
    case when n = 1 then 'x' end, case when n = 2 then 'x' end, case when n = 3 then 'x' end, case when n = 4 then 'x' end,
    case when n = 5 then 1 end, case when n = 6 then 1 end, case when n = 7 then 1 end, case when n = 8 then 1 end,
    case when n = 9 then x end, case when n = 10 then x end, case when n = 11 then x end, case when n = 12 then x end,
    case when n = 13 then x end, case when n = 14 then x end, case when n = 15 then x end, case when n = 16 then x end,
    case when n = 17 then x end, case when n = 18 then x end);
  cond text := substr(one, length(base) + 1);
begin
  if left(one, length(base)) <> base or left(cond, 5) <> ' and ' or strpos(cond, '$' || n) = 0 then
    raise exception 'search_listings_where no longer adds one condition per filter (filter %)', n;
  end if;
  return substr(cond, 6);
end
$$;

-- What the alerts need besides the user's row: the filters typed as search_listings takes
-- them, which of its conditions apply (bit n for $n), two necessary conditions to find
-- candidates fast, and when the search last alerted.
create table private.saved_search_rules (
  search_id uuid primary key references public.saved_searches (id) on delete cascade,
  applies integer not null,
  -- Set exactly when the clause tests the category / the city, to the value it must equal.
  category_key text,
  city_key text,
  p_query text, p_category text, p_city text, p_zone text,
  p_age_min integer, p_age_max integer, p_rate_min numeric, p_rate_max numeric,
  p_ethnicity text[], p_nationality text[], p_breast_type text[], p_hair_color text[], p_body_type text[],
  p_eye_color text[], p_meeting_type text[], p_availability_for text[], p_meeting_location text[], p_offered_services text[],
  last_alert_at timestamptz,
  last_digest_on date
);

create index saved_search_rules_keys_idx on private.saved_search_rules (city_key, category_key);

revoke all on table private.saved_search_rules from public, anon, authenticated;
alter table private.saved_search_rules enable row level security;

/** Why: the rules follow the row (the filters only change by the service role). */
create or replace function private.sync_saved_search_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  f jsonb := new.filters;
  r private.saved_search_rules;
  clause text;
begin
  -- The filters typed as search_listings takes them ($1, the query, trimmed as it passes it).
  r.search_id := new.id;
  r.p_query := nullif(pg_catalog.btrim(f ->> 'p_query'), '');
  r.p_category := f ->> 'p_category';
  r.p_city := f ->> 'p_city';
  r.p_zone := f ->> 'p_zone';
  r.p_age_min := (f ->> 'p_age_min')::integer;
  r.p_age_max := (f ->> 'p_age_max')::integer;
  r.p_rate_min := (f ->> 'p_rate_min')::numeric;
  r.p_rate_max := (f ->> 'p_rate_max')::numeric;
  r.p_ethnicity := private.jsonb_text_array(f -> 'p_ethnicity');
  r.p_nationality := private.jsonb_text_array(f -> 'p_nationality');
  r.p_breast_type := private.jsonb_text_array(f -> 'p_breast_type');
  r.p_hair_color := private.jsonb_text_array(f -> 'p_hair_color');
  r.p_body_type := private.jsonb_text_array(f -> 'p_body_type');
  r.p_eye_color := private.jsonb_text_array(f -> 'p_eye_color');
  r.p_meeting_type := private.jsonb_text_array(f -> 'p_meeting_type');
  r.p_availability_for := private.jsonb_text_array(f -> 'p_availability_for');
  r.p_meeting_location := private.jsonb_text_array(f -> 'p_meeting_location');
  r.p_offered_services := private.jsonb_text_array(f -> 'p_offered_services');
  -- Which of search_listings_where's conditions these filters switch on.
  clause := private.search_listings_where(r.p_query, r.p_category, r.p_city, r.p_zone, r.p_age_min, r.p_age_max,
    r.p_rate_min, r.p_rate_max, r.p_ethnicity, r.p_nationality, r.p_breast_type, r.p_hair_color, r.p_body_type,
    r.p_eye_color, r.p_meeting_type, r.p_availability_for, r.p_meeting_location, r.p_offered_services) || ' and ';
  r.applies := 0;
  for n in 1..18 loop
    if strpos(clause, ' and ' || private.search_condition(n) || ' and ') > 0 then
      r.applies := r.applies | (1 << n);
    end if;
  end loop;
  r.category_key := case when r.applies & (1 << 2) <> 0 then r.p_category end;
  r.city_key := case when r.applies & (1 << 3) <> 0 then pg_catalog.lower(pg_catalog.btrim(r.p_city)) end;
  -- New filters keep the search's alert clock.
  select o.last_alert_at, o.last_digest_on into r.last_alert_at, r.last_digest_on
    from private.saved_search_rules o where o.search_id = new.id;
  delete from private.saved_search_rules o where o.search_id = new.id;
  insert into private.saved_search_rules select r.*;
  return null;
end
$$;

create trigger saved_searches_sync_rules after insert or update of filters on public.saved_searches
  for each row execute function private.sync_saved_search_rules();

/**
 * Why: one statement tests every saved search at once. search_listings_where's clause with
 * each filter's condition kept only for the searches it applies to, its parameter read from
 * the search's rules row `r`: (bit n not set or <condition n with $n = r's value>).
 */
create or replace function private.saved_search_clause() returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  columns text[] := array['p_query', 'p_category', 'p_city', 'p_zone', 'p_age_min', 'p_age_max', 'p_rate_min', 'p_rate_max',
    'p_ethnicity', 'p_nationality', 'p_breast_type', 'p_hair_color', 'p_body_type', 'p_eye_color', 'p_meeting_type',
    'p_availability_for', 'p_meeting_location', 'p_offered_services'];
  clause text := private.search_listings_where(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
begin
  for n in 1..18 loop
    clause := clause || format(' and (r.applies & %s = 0 or %s)', 1 << n,
                               pg_catalog.replace(private.search_condition(n), '$' || n, 'r.' || columns[n]));
  end loop;
  return clause;
end
$$;

-- ---------------------------------------------------------------------------------------
-- New listings: queued by a trigger, matched and notified by the job.

create table private.saved_search_queue (
  listing_id uuid primary key references public.listings (id) on delete cascade,
  queued_at timestamptz not null default now()
);

create table private.saved_search_hits (
  search_id uuid not null references public.saved_searches (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  matched_at timestamptz not null,
  notified_at timestamptz,
  -- A listing paused and resumed again is not new again.
  primary key (search_id, listing_id)
);

create index saved_search_hits_pending_idx on private.saved_search_hits (search_id) where notified_at is null;
create index saved_search_hits_listing_idx on private.saved_search_hits (listing_id);

revoke all on table private.saved_search_queue from public, anon, authenticated;
revoke all on table private.saved_search_hits from public, anon, authenticated;
alter table private.saved_search_queue enable row level security;
alter table private.saved_search_hits enable row level security;

/** Why: only a listing that becomes public is news; a promotion or an edit of a public one is not. */
create or replace function private.queue_new_public_listing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.listing_is_public(new.is_paused, new.expires_at, new.review_status)
     and (tg_op = 'INSERT' or not private.listing_is_public(old.is_paused, old.expires_at, old.review_status)) then
    insert into private.saved_search_queue (listing_id) values (new.id) on conflict (listing_id) do nothing;
  end if;
  return null;
end
$$;

create trigger listings_queue_for_saved_searches after insert or update of is_paused, expires_at, review_status on public.listings
  for each row execute function private.queue_new_public_listing();

/**
 * Why: which saved searches with an alert would show this listing now. Candidates share its
 * category and city (or test neither); one statement then applies search_listings' own
 * clause to all of them (p_clause: private.saved_search_clause(), given by a caller that
 * matches many listings).
 */
create or replace function private.saved_searches_matching(p_listing_id uuid, p_clause text default null) returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The listing as a derived row ('offset 0'): with the listings' statistics the planner spends
  -- 20 ms estimating the clause's joins against 100k of them, for a plan it cannot improve.
  return query execute
    'select r.search_id
       from (select * from public.listings where id = $1 offset 0) l
       join private.saved_search_rules r
         on (r.category_key is null or r.category_key = l.category) and (r.city_key is null or r.city_key = pg_catalog.lower(l.city))
       join public.saved_searches s on s.id = r.search_id and s.alert <> ''never''
      where ' || coalesce(p_clause, private.saved_search_clause())
    using p_listing_id;
end
$$;

/** Why: the bell's text, one place: '3 nuovi annunci per "Donne a Milano"'. */
create or replace function private.saved_search_message(p_count bigint, p_name text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_count = 1 then '1 nuovo annuncio' else p_count::text || ' nuovi annunci' end
         || ' per "' || p_name || '"'
$$;

/**
 * Why: the saved-search-alerts job (every minute). Matches the queued listings, then tells
 * each 'instant' search's owner about its new listings at most once an hour (the rest wait
 * for the next alert), and each 'daily' search's owner once a day from 09:00 Europe/Rome about
 * what matched before 09:00. Listings no longer public when the alert goes are not counted.
 */
create or replace function private.run_saved_search_alerts(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued uuid;
  clause text := private.saved_search_clause();
  added integer;
  rome timestamp := p_now at time zone 'Europe/Rome';
  digest_cutoff timestamptz := (rome::date + time '09:00') at time zone 'Europe/Rome';
begin
  for queued in
    delete from private.saved_search_queue q
     where q.listing_id in (select q2.listing_id from private.saved_search_queue q2 order by q2.queued_at limit 5000
                              for update skip locked)
    returning q.listing_id
  loop
    insert into private.saved_search_hits (search_id, listing_id, matched_at)
    select m, queued, p_now from private.saved_searches_matching(queued, clause) m
    on conflict do nothing;
  end loop;

  with due as (
    select r.search_id, s.user_id, s.name, s.alert
      from private.saved_search_rules r
      join public.saved_searches s on s.id = r.search_id
     where (s.alert = 'instant' and (r.last_alert_at is null or r.last_alert_at <= p_now - interval '1 hour'))
        or (s.alert = 'daily' and rome::time >= time '09:00' and (r.last_digest_on is null or r.last_digest_on < rome::date))
       for update of r skip locked
  ), sent as (
    update private.saved_search_hits h set notified_at = p_now
      from due d
     where h.search_id = d.search_id and h.notified_at is null
       and (d.alert = 'instant' or h.matched_at < digest_cutoff)
    returning h.search_id, h.listing_id
  ), counted as (
    select d.search_id, d.user_id, d.name, count(l.id) as fresh
      from due d
      join sent on sent.search_id = d.search_id
      left join public.listings l on l.id = sent.listing_id and private.listing_is_public(l.is_paused, l.expires_at, l.review_status, p_now)
     group by d.search_id, d.user_id, d.name
  ), marked as (
    -- Runs though unread: a data-modifying WITH always runs once.
    update private.saved_search_rules r
       set last_alert_at = case when d.alert = 'instant' and c.fresh > 0 then p_now else r.last_alert_at end,
           last_digest_on = case when d.alert = 'daily' then rome::date else r.last_digest_on end
      from due d left join counted c on c.search_id = d.search_id
     where r.search_id = d.search_id and (d.alert = 'daily' or c.fresh > 0)
  ), notified as (
    insert into public.admin_notifications (user_id, type, entity_id, message)
    select c.user_id, 'saved_search', c.search_id::text, private.saved_search_message(c.fresh, c.name)
      from counted c where c.fresh > 0
    returning 1
  )
  select count(*) into added from notified;
  return added;
end
$$;

revoke all on function private.jsonb_text_array(jsonb), private.check_saved_search(),
  private.search_condition(integer), private.saved_search_clause(),
  private.sync_saved_search_rules(), private.queue_new_public_listing(), private.saved_searches_matching(uuid, text),
  private.saved_search_message(bigint, text), private.run_saved_search_alerts(timestamptz)
  from public, anon, authenticated;
grant execute on function private.saved_searches_matching(uuid, text), private.run_saved_search_alerts(timestamptz) to service_role;

/** The job as service_role may call it with a chosen "now" (tests, a manual run). */
create or replace function public.run_saved_search_alerts(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.run_saved_search_alerts(p_now) $$;

/** Which saved searches with an alert would be told about a listing now (tests, support). */
create or replace function public.saved_searches_matching(p_listing_id uuid) returns setof uuid
language sql stable security invoker set search_path = ''
as $$ select private.saved_searches_matching(p_listing_id) $$;

revoke execute on function public.run_saved_search_alerts(timestamptz), public.saved_searches_matching(uuid)
  from public, anon, authenticated;
grant execute on function public.run_saved_search_alerts(timestamptz), public.saved_searches_matching(uuid) to service_role;

select cron.schedule('saved-search-alerts', '* * * * *', 'select private.run_saved_search_alerts()');

-- The bell's pushes now include saved-search alerts.
drop trigger admin_notifications_send_push on public.admin_notifications;
create trigger admin_notifications_send_push after insert on public.admin_notifications
  for each row when (new.user_id is not null and new.type in ('ticket_reply', 'ticket_resolved', 'saved_search'))
  execute function private.dispatch_push_webhook();
