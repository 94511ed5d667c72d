-- Public search: search_listings() with keyset pagination, its total (search_listings_count(),
-- on the same WHERE clause), the public detail of one listing, and the indexes they need.
-- Public order: active promotion first ('Hot'), then the last bump (or the creation when
-- never bumped), newest first; id breaks ties.

-- The rank of a non-promoted listing: its last bump, or its creation.
create index if not exists listings_public_rank_idx on public.listings
  ((coalesce(last_bumped_at, created_at)) desc, id desc) where not is_paused;
create index if not exists listings_city_rank_idx on public.listings
  (lower(city), (coalesce(last_bumped_at, created_at)) desc, id desc) where not is_paused;
create index if not exists listings_category_rank_idx on public.listings
  (category, (coalesce(last_bumped_at, created_at)) desc, id desc) where not is_paused;
-- The promotions' own full-text index: part A of a text search reads their matches only.
create index if not exists listings_promoted_search_idx on public.listings using gin (search)
  where is_premium and not is_paused;
-- Listings with a promotion (active, or starting later until the job clears it), about 1%
-- of them: part A of the search walks them in rank order and stops after a page. It carries
-- every column the public rule and the scalar and array filters read, so a walk that has to
-- pass many promotions (a city, a category) reads the index alone (issue 25).
create index if not exists listings_promoted_rank_idx on public.listings
  ((coalesce(last_bumped_at, created_at)) desc, id desc)
  include (last_bumped_at, created_at, review_status, expires_at, promotion_start_at, promotion_end_at,
           category, city, zone, age, hourly_rate, ethnicity, nationality, breast_type, hair_color, body_type,
           eye_color, meeting_type, availability_for, meeting_location, offered_services, available_until)
  where is_premium and not is_paused;
-- A city's promotions in rank order: part A of a search in a city walks only them, where the
-- walk of listings_promoted_rank_idx passed every promotion of the other cities first (Torino
-- + Centro + an availability: the whole index, 1.6 ms; through this one 0.03 ms).
create index if not exists listings_promoted_city_rank_idx on public.listings
  (lower(city), (coalesce(last_bumped_at, created_at)) desc, id desc)
  where is_premium and not is_paused;
create index if not exists listings_age_idx on public.listings (age) where not is_paused;
create index if not exists listings_hourly_rate_idx on public.listings (hourly_rate) where not is_paused;
-- The array filters ('any of these values'), all in one GIN index: several of them are one
-- index scan that merges their matches and returns only the listings every filter keeps,
-- where one index per column built a bitmap of every match of each value and ANDed them
-- (four common values that no listing has together: 70,000 entries read, 8.5 ms; issue 25).
create index if not exists listings_facets_idx on public.listings using gin
  (ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
   meeting_location, offered_services)
  where not is_paused;
-- The same for the promotions alone: part A of a search with array filters reads their few
-- matches and sorts them, where the walk of listings_promoted_rank_idx passed every promotion
-- when few or none match (four values no promotion has together: 1,016 entries, 0.9 ms;
-- through this one 9 pages, 0.05 ms).
create index if not exists listings_promoted_facets_idx on public.listings using gin
  (ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
   meeting_location, offered_services)
  where is_premium and not is_paused;
-- The zone filter ('zone contains', ilike '%…%') by trigrams: a city's listings with that zone
-- without reading all of the city's (the total of Torino + Centro + two availabilities read
-- Torino's 2,500 listings for its 358 matches).
create index if not exists listings_zone_trgm_idx on public.listings using gin (zone extensions.gin_trgm_ops)
  where not is_paused;
-- Statistics on the rank: every rank index is partial, and the planner takes no statistics from
-- a partial index, so without these it guessed that a keyset (rank, id) < (…) keeps a third
-- of the rows (page 2 of a rare filter then read every match and sorted them, 2,400 buffers).
create statistics if not exists public.listings_rank_stats on (coalesce(last_bumped_at, created_at)) from public.listings;

/**
 * The WHERE clause of a public search over `public.listings l`: public (not paused, not
 * expired) and matching every filter given. It refers to the filters as $1..$18, in
 * search_listings' argument order ($1 the trimmed query), so its callers execute it with the
 * same parameters. Array filters match any of the values; the query is Italian full text.
 */
create or replace function private.search_listings_where(
  p_query text,
  p_category text,
  p_city text,
  p_zone text,
  p_age_min integer,
  p_age_max integer,
  p_rate_min numeric,
  p_rate_max numeric,
  p_ethnicity text[],
  p_nationality text[],
  p_breast_type text[],
  p_hair_color text[],
  p_body_type text[],
  p_eye_color text[],
  p_meeting_type text[],
  p_availability_for text[],
  p_meeting_location text[],
  p_offered_services text[],
  p_verified_only boolean default false,
  p_available_now boolean default false
) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  -- private.listing_is_public's rule, as text: the function is not inlined (its search_path
  -- is pinned), and a call per row would hide the partial indexes and make the total 10x
  -- slower (docs/decisions/0103-one-sql-function-per-rule.md). tests/db/single-sources.test.ts checks they agree.
  filters text := 'l.review_status = ''approved'' and not l.is_paused and l.expires_at > now()';
begin
  if p_category is not null and p_category <> '' then
    filters := filters || ' and l.category = $2';
  end if;
  if p_city is not null and trim(p_city) <> '' then
    filters := filters || ' and lower(l.city) = lower(trim($3))';
  end if;
  if p_zone is not null and trim(p_zone) <> '' then
    filters := filters || ' and l.zone ilike ''%'' || trim($4) || ''%''';
  end if;
  if p_age_min is not null then filters := filters || ' and l.age >= $5'; end if;
  if p_age_max is not null then filters := filters || ' and l.age <= $6'; end if;
  if p_rate_min is not null then filters := filters || ' and l.hourly_rate >= $7'; end if;
  if p_rate_max is not null then filters := filters || ' and l.hourly_rate <= $8'; end if;
  if cardinality(p_ethnicity) > 0 then filters := filters || ' and l.ethnicity && $9'; end if;
  if cardinality(p_nationality) > 0 then filters := filters || ' and l.nationality && $10'; end if;
  if cardinality(p_breast_type) > 0 then filters := filters || ' and l.breast_type && $11'; end if;
  if cardinality(p_hair_color) > 0 then filters := filters || ' and l.hair_color && $12'; end if;
  if cardinality(p_body_type) > 0 then filters := filters || ' and l.body_type && $13'; end if;
  if cardinality(p_eye_color) > 0 then filters := filters || ' and l.eye_color && $14'; end if;
  if cardinality(p_meeting_type) > 0 then filters := filters || ' and l.meeting_type && $15'; end if;
  if cardinality(p_availability_for) > 0 then filters := filters || ' and l.availability_for && $16'; end if;
  if cardinality(p_meeting_location) > 0 then filters := filters || ' and l.meeting_location && $17'; end if;
  if cardinality(p_offered_services) > 0 then filters := filters || ' and l.offered_services && $18'; end if;
  -- 'Solo foto verificate' (issue 26): a constant, so no parameter.
  if p_verified_only then filters := filters || ' and l.photos_verified_at is not null'; end if;
  -- 'Disponibile ora' (issue 27): its end still ahead, never a stored flag; a constant too.
  if p_available_now then filters := filters || ' and l.available_until > now()'; end if;
  if nullif(trim(coalesce(p_query, '')), '') is not null then
    filters := filters || ' and l.search @@ websearch_to_tsquery(''italian''::regconfig, $1)';
  end if;
  return filters;
end
$$;

/**
 * The share of the listings a full-text query matches, as the planner estimates it from the
 * statistics of the full-text column (a word they do not list is taken for 0.5% at most).
 * search_listings asks it which way to look for a text. Volatile because it runs EXPLAIN,
 * which a stable function may not.
 */
create or replace function private.search_text_share(p_query text) returns double precision
language plpgsql
volatile
set search_path = ''
as $$
declare
  text_plan json;
begin
  execute 'explain (format json) select from public.listings l where l.search @@ websearch_to_tsquery(''italian''::regconfig, $1)'
    into text_plan using p_query;
  return (text_plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision
         / greatest((select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.listings'::pg_catalog.regclass), 1);
end
$$;

/**
 * Runs one of search_listings' statements kept prepared in this session, so PostgreSQL plans it
 * once (its plan cache's generic plan after five custom ones) instead of on every search: at
 * 100k listings planning is 0.35 of the 0.4 ms such a statement costs. A statement's text
 * depends only on which filters are given (their values are its parameters $1..$22, typed as
 * search_listings' USING lists them), so a handful of texts serve every search. Only for
 * statements whose plan does not depend on the values: part A without a text (a walk of a
 * promotions index, sorting off) and part C (the small index of listings available now).
 * `p_args`: the 22 values as literals (the SQL EXECUTE command takes no parameters). At most
 * 64 statements a session (guessing filter combinations must not grow a connection's memory);
 * past them a statement is prepared, run and dropped. Volatile: PREPARE is refused in a stable
 * function.
 */
create or replace function private.search_prepared(
  p_sql text,
  p_args text,
  out ids uuid[],
  out promoted boolean[],
  out ranks timestamptz[]
)
language plpgsql
volatile
set search_path = ''
as $$
declare
  statement text := 'search_' || md5(p_sql);
begin
  begin
    execute format('execute %I(%s)', statement, p_args) into ids, promoted, ranks;
    return;
  exception when invalid_sql_statement_name then
    -- Not prepared in this session yet (or dropped by DISCARD / DEALLOCATE): below.
  end;
  execute format('prepare %I(text, text, text, text, integer, integer, numeric, numeric, text[], text[], text[], text[],'
                 ' text[], text[], text[], text[], text[], text[], boolean, timestamptz, uuid, integer) as %s', statement, p_sql);
  execute format('execute %I(%s)', statement, p_args) into ids, promoted, ranks;
  if (select count(*) from pg_catalog.pg_prepared_statements s where s.name like 'search\_%') > 64 then
    execute format('deallocate %I', statement);
  end if;
end
$$;

/**
 * One page of public listings matching the filters, in public order. Array filters match
 * any of the given values; p_query is an Italian full-text query (stemmed, websearch syntax)
 * over title, city/zone and description. Keyset pagination: pass the last row's
 * (promoted, rank_at, id) as p_after_*. Security definer: it returns exactly the rows the
 * public RLS policy allows (not paused, not expired) to everyone, owners included, and it
 * must bypass RLS because PostgreSQL cannot use an index for a non-leakproof condition
 * (lower(), &&, @@) under row-level security, which would mean a sequential scan.
 */
create or replace function private.search_listings(
  p_query text default null,
  p_category text default null,
  p_city text default null,
  p_zone text default null,
  p_age_min integer default null,
  p_age_max integer default null,
  p_rate_min numeric default null,
  p_rate_max numeric default null,
  p_ethnicity text[] default null,
  p_nationality text[] default null,
  p_breast_type text[] default null,
  p_hair_color text[] default null,
  p_body_type text[] default null,
  p_eye_color text[] default null,
  p_meeting_type text[] default null,
  p_availability_for text[] default null,
  p_meeting_location text[] default null,
  p_offered_services text[] default null,
  p_after_promoted boolean default null,
  p_after_rank timestamptz default null,
  p_after_id uuid default null,
  p_limit integer default 20,
  p_verified_only boolean default false,
  p_available_now boolean default false
) returns table (
  id uuid,
  user_id uuid,
  title text,
  category text,
  city text,
  zone text,
  age integer,
  description text,
  created_at timestamptz,
  expires_at timestamptz,
  is_premium boolean,
  promotion_mode text,
  promotion_start_at timestamptz,
  promotion_end_at timestamptz,
  last_bumped_at timestamptz,
  is_paused boolean,
  slug text,
  ethnicity text[],
  nationality text[],
  breast_type text[],
  hair_color text[],
  body_type text[],
  eye_color text[],
  meeting_type text[],
  availability_for text[],
  meeting_location text[],
  offered_services text[],
  hourly_rate numeric,
  promoted boolean,
  rank_at timestamptz,
  photos json,
  photos_verified_at timestamptz,
  available_until timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
-- The listings and their indexes are read from memory: a page costs about what the planner
-- charges for a few dozen index entries, not the default 4.0, which made it AND in a bitmap of
-- half the listings (breast_type 'rifatto': 50,000 entries, 5 ms) to save a hundred pages.
set random_page_cost = 1.1
as $$
#variable_conflict use_column
declare
  lim int := least(greatest(coalesce(p_limit, 20), 1), 50);
  promoted_photos int := private.displayed_photo_limit(true);
  base_photos int := private.displayed_photo_limit(false);
  filters text := private.search_listings_where(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only, p_available_now);
  -- The same filters without the text query: the window a common text is looked for in.
  other_filters text := private.search_listings_where(null, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only, p_available_now);
  -- private.promotion_is_active's rule, as text, for the same reason as the public rule in
  -- private.search_listings_where. The window is wrapped in coalesce (the same rule: a
  -- promotion has both times): taken apart, the planner multiplies the 1% of listings that
  -- are premium by the 1% that have each time and expects one promotion where there are
  -- hundreds, then reads them all through listings_promotion_end_idx and sorts them.
  promoted_sql text := '(l.is_premium and coalesce(l.promotion_start_at <= now() and l.promotion_end_at >= now(), false))';
  -- The rank the rank indexes hold: the last bump, or the creation.
  base_rank_sql text := 'coalesce(l.last_bumped_at, l.created_at)';
  -- The public rank (issue 27): a listing 'Disponibile ora' is lifted inside its tier by
  -- private.available_now_rank, a lift that fades over its hours. Parts A and B (the index
  -- walks) leave those few listings out; part C reads them through listings_available_until_idx.
  rank_sql text := format('case when l.available_until > now() then private.available_now_rank(%1$s, l.available_until, now(), %2$s) else %1$s end',
                          base_rank_sql, private.setting_int('available_now_minutes', 120));
  not_available_sql text := ' and coalesce(l.available_until <= now(), true)';
  avail_ids uuid[];
  avail_promoted boolean[];
  avail_ranks timestamptz[];
  -- Text queries (docs/decisions/0404-search-plans-at-100k.md): up to rare_matches matches are read whole and
  -- sorted; a commoner text is looked for among the newest text_window listings.
  rare_matches constant int := 200;
  text_window constant int := 1000;
  q text := nullif(trim(coalesce(p_query, '')), '');
  common boolean := false;
  window_full boolean := true;
  sort_setting text;
  matches bigint;
  ids uuid[] := '{}'::uuid[];
  ranks timestamptz[] := '{}'::timestamptz[];
  more_ids uuid[];
  more_ranks timestamptz[];
  page_promoted boolean[];
  after_rank text := format('and (%s, l.id) < ($20, $21)', base_rank_sql);
  has_array_filter boolean := coalesce(greatest(cardinality(p_ethnicity), cardinality(p_nationality), cardinality(p_breast_type),
    cardinality(p_hair_color), cardinality(p_body_type), cardinality(p_eye_color), cardinality(p_meeting_type),
    cardinality(p_availability_for), cardinality(p_meeting_location), cardinality(p_offered_services)), 0) > 0;
  -- The statements' parameters as literals, for the ones kept prepared (private.search_prepared).
  args text;
  statement text;
begin
  if q is null then
    args := format('%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L',
                   q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
                   p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
                   p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
                   p_after_promoted, p_after_rank, p_after_id, lim);
  end if;
  if q is not null then
    -- A text the statistics of the full-text column call common (its share of the listings
    -- would put at least two pages in the window; a word they do not know is taken for 0.5% at
    -- most) goes straight to the window: counting its matches would read every one of them
    -- from the full-text index ('aperitivo', one listing in six: 17,000 entries, 3 ms).
    common := private.search_text_share(q) * text_window >= 2 * lim;
  end if;
  if q is not null and not common then
    -- Up to rare_matches + 1 matches, however the planner reads them fastest (a rare word:
    -- through the full-text index). All of them: the page is their first rows in public order.
    execute format(
      'with m as (select l.id, %2$s as promoted, %3$s as rank_at from public.listings l where %1$s %4$s limit %5$s)
       select (select count(*) from m),
              array_agg(u.id order by u.promoted desc, u.rank_at desc, u.id desc),
              array_agg(u.promoted order by u.promoted desc, u.rank_at desc, u.id desc),
              array_agg(u.rank_at order by u.promoted desc, u.rank_at desc, u.id desc)
         from (select * from m order by promoted desc, rank_at desc, id desc limit $22) u',
      filters, promoted_sql, rank_sql,
      case when p_after_promoted is null then ''
           else format('and (%s, %s, l.id) < ($19, $20, $21)', promoted_sql, rank_sql) end,
      rare_matches + 1)
      into matches, ids, page_promoted, ranks
      using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
            p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
            p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
            p_after_promoted, p_after_rank, p_after_id, lim;
  end if;

  if q is null or common or matches > rare_matches then
    ids := '{}';
    ranks := '{}';
    -- Part A, listings with an active promotion (they come first). Without a text: a walk of
    -- listings_promoted_rank_idx in rank order, from the index alone, that stops after a page;
    -- at worst it reads the whole small index, so sorting is off for it (the planner, taking a
    -- city's promotions for a handful, would fetch them all and sort). With a text, or an
    -- array filter: the planner's pick between that walk and the matches of
    -- listings_promoted_search_idx or listings_promoted_facets_idx, sorted.
    if p_after_promoted is null or p_after_promoted then
      sort_setting := current_setting('enable_sort');
      -- With an array filter the planner may also read the matching promotions through
      -- listings_promoted_facets_idx and sort them, when its statistics say they are few.
      if q is null and not has_array_filter then
        perform set_config('enable_sort', 'off', true);
      end if;
      statement := format(
        'select array_agg(u.id order by u.rank_at desc, u.id desc), null::boolean[], array_agg(u.rank_at order by u.rank_at desc, u.id desc)
           from (select l.id, %2$s as rank_at from public.listings l where %1$s and %3$s %4$s
                 order by %2$s desc, l.id desc limit $22) u',
        filters || not_available_sql, base_rank_sql, promoted_sql, case when p_after_promoted then after_rank else '' end);
      if q is null and not has_array_filter then
        -- Sorting off: the walk, whatever the values, so one plan serves them all.
        select s.ids, s.ranks into ids, ranks from private.search_prepared(statement, args) s;
      else
        execute statement into ids, page_promoted, ranks
          using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
                p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
                p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
                p_after_promoted, p_after_rank, p_after_id, lim;
      end if;
      perform set_config('enable_sort', sort_setting, true);
      ids := coalesce(ids, '{}');
      ranks := coalesce(ranks, '{}');
    end if;
    page_promoted := array_fill(true, array[cardinality(ids)]);
    -- Part B, the rest, for what is left of the page: through the rank indexes (the planner
    -- picks a walk or, for rare filters, reading the matches and sorting them).
    if cardinality(ids) < lim and q is null then
      execute format(
        'select array_agg(u.id order by u.rank_at desc, u.id desc), array_agg(u.rank_at order by u.rank_at desc, u.id desc)
           from (select l.id, %2$s as rank_at from public.listings l where %1$s and not %3$s %4$s
                 order by %2$s desc, l.id desc limit $22) u',
        filters || not_available_sql, base_rank_sql, promoted_sql,
        case when p_after_promoted = false then after_rank else '' end)
        into more_ids, more_ranks
        using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
              p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
              p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
              p_after_promoted, p_after_rank, p_after_id, lim - cardinality(ids);
    elsif cardinality(ids) < lim then
      -- A text is looked for only in the newest text_window listings matching the other
      -- filters, so two common words that never meet cannot make it read every listing. The
      -- window's last row (n = text_window) comes along when it is reached: a page left short
      -- by a window that ends before it has every match, and needs no second look.
      execute format(
        'select array_agg(u.id order by u.rank_at desc, u.id desc) filter (where u.hit),
                array_agg(u.rank_at order by u.rank_at desc, u.id desc) filter (where u.hit),
                coalesce(bool_or(u.n = %5$s), false)
           from (select w.id, w.rank_at, w.hit, w.n from (
                   select l.id, %2$s as rank_at, l.search @@ websearch_to_tsquery(''italian''::regconfig, $1) as hit,
                          row_number() over (order by %2$s desc, l.id desc) as n
                     from public.listings l where %1$s and not %3$s %4$s
                    order by %2$s desc, l.id desc limit %5$s) w
                 where w.hit or w.n = %5$s
                 order by w.rank_at desc, w.id desc limit $22) u',
        other_filters || not_available_sql, base_rank_sql, promoted_sql,
        case when p_after_promoted = false then after_rank else '' end, text_window)
        into more_ids, more_ranks, window_full
        using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
              p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
              p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
              p_after_promoted, p_after_rank, p_after_id, lim - cardinality(ids);
    end if;
    if cardinality(ids) < lim then
      ids := ids || coalesce(more_ids, '{}');
      ranks := ranks || coalesce(more_ranks, '{}');
      page_promoted := page_promoted || array_fill(false, array[coalesce(cardinality(more_ids), 0)]);
    end if;

    -- Part C, the few listings 'Disponibile ora' of both tiers (at most a couple of hours
    -- each, twice a day), by their lifted rank, merged into the page (issue 27).
    statement := format(
      'select array_agg(u.id order by u.promoted desc, u.rank_at desc, u.id desc),
              array_agg(u.promoted order by u.promoted desc, u.rank_at desc, u.id desc),
              array_agg(u.rank_at order by u.promoted desc, u.rank_at desc, u.id desc)
         from (select * from (select l.id, %2$s as promoted, %3$s as rank_at from public.listings l
                              where %1$s and l.available_until > now()) c
               where $19 is null or (c.promoted, c.rank_at, c.id) < ($19, $20, $21)
               order by 2 desc, 3 desc, 1 desc limit $22) u',
      filters, promoted_sql, rank_sql);
    if q is null then
      select s.ids, s.promoted, s.ranks into avail_ids, avail_promoted, avail_ranks from private.search_prepared(statement, args) s;
    else
      execute statement into avail_ids, avail_promoted, avail_ranks
        using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
              p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
              p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
              p_after_promoted, p_after_rank, p_after_id, lim;
    end if;
    if coalesce(cardinality(avail_ids), 0) > 0 then
      select array_agg(m.id order by m.promoted desc, m.rank_at desc, m.id desc),
             array_agg(m.promoted order by m.promoted desc, m.rank_at desc, m.id desc),
             array_agg(m.rank_at order by m.promoted desc, m.rank_at desc, m.id desc)
        into ids, page_promoted, ranks
        from (select * from (select * from unnest(ids, page_promoted, ranks) as a (id, promoted, rank_at)
                             union all
                             select * from unnest(avail_ids, avail_promoted, avail_ranks) as b (id, promoted, rank_at)) x
              order by x.promoted desc, x.rank_at desc, x.id desc limit lim) m;
    end if;

    if q is not null and cardinality(ids) < lim and window_full then
      -- A page left short by the window: every match, sorted in public order.
      execute format(
        'select array_agg(u.id order by u.promoted desc, u.rank_at desc, u.id desc),
                array_agg(u.promoted order by u.promoted desc, u.rank_at desc, u.id desc),
                array_agg(u.rank_at order by u.promoted desc, u.rank_at desc, u.id desc)
           from (select l.id, %2$s as promoted, %3$s as rank_at from public.listings l where %1$s %4$s
                 order by 2 desc, 3 desc, 1 desc limit $22) u',
        filters, promoted_sql, rank_sql,
        case when p_after_promoted is null then ''
             else format('and (%s, %s, l.id) < ($19, $20, $21)', promoted_sql, rank_sql) end)
        into ids, page_promoted, ranks
        using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
              p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
              p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
              p_after_promoted, p_after_rank, p_after_id, lim;
    end if;
  end if;

  -- Parts A and C, run by private.search_prepared (volatile, so each of its statements reads
  -- what is committed when it starts), and part B, run in this function's snapshot, can both
  -- hold a listing promoted or made available in between: it is shown once, where it came first.
  if q is null and cardinality(ids) > 1 and cardinality(ids) <> (select count(distinct x.id) from unnest(ids) x (id)) then
    select array_agg(d.id order by d.n), array_agg(d.promoted order by d.n), array_agg(d.rank_at order by d.n)
      into ids, page_promoted, ranks
      from (select distinct on (u.id) u.* from unnest(ids, page_promoted, ranks) with ordinality as u (id, promoted, rank_at, n)
            order by u.id, u.n) d;
  end if;

  -- The page's rows with their displayed photos: static SQL, planned once per session.
  return query
    select l.id, l.user_id, l.title, l.category, l.city, l.zone, l.age, l.description, l.created_at, l.expires_at,
           l.is_premium, l.promotion_mode, l.promotion_start_at, l.promotion_end_at, l.last_bumped_at, l.is_paused,
           l.slug, l.ethnicity, l.nationality, l.breast_type, l.hair_color, l.body_type, l.eye_color, l.meeting_type,
           l.availability_for, l.meeting_location, l.offered_services, l.hourly_rate::numeric,
           page.promoted, page.rank_at,
           -- json, not jsonb: the API sends it as text, and jsonb would be built, its keys
           -- sorted, then printed again (a third of a page's JSON time).
           coalesce((
             select json_agg(json_build_object('id', p.id, 'url', p.url, 'is_primary', p.is_primary,
                                               'created_at', p.created_at, 'renditions', p.renditions,
                                               'placeholder', p.placeholder, 'avif', p.avif) order by p.is_primary desc, p.created_at, p.id)
             from (select p.* from public.listing_photos p where p.listing_id = l.id
                   order by p.is_primary desc, p.created_at, p.id
                   limit case when page.promoted then promoted_photos else base_photos end) p
           ), '[]'::json) as photos,
           l.photos_verified_at,
           l.available_until
    from unnest(ids, page_promoted, ranks) with ordinality as page (id, promoted, rank_at, n)
    join public.listings l on l.id = page.id
    order by page.n;
end
$$;

comment on function private.search_listings is 'Public listing search with keyset pagination.';

/**
 * How many public listings match the filters (search_listings' filters, without paging),
 * exactly up to 1000; 1001 means more than 1000 (the app shows 'oltre 1.000'), so the total
 * never reads more than 1001 matches (issue 25). Security definer for the same reason as search_listings: under RLS the filters could not
 * use the indexes.
 */
create or replace function private.search_listings_count(
  p_query text default null,
  p_category text default null,
  p_city text default null,
  p_zone text default null,
  p_age_min integer default null,
  p_age_max integer default null,
  p_rate_min numeric default null,
  p_rate_max numeric default null,
  p_ethnicity text[] default null,
  p_nationality text[] default null,
  p_breast_type text[] default null,
  p_hair_color text[] default null,
  p_body_type text[] default null,
  p_eye_color text[] default null,
  p_meeting_type text[] default null,
  p_availability_for text[] default null,
  p_meeting_location text[] default null,
  p_offered_services text[] default null,
  p_verified_only boolean default false,
  p_available_now boolean default false
) returns bigint
language plpgsql
stable
security definer
set search_path = ''
-- As search_listings (ages 25-30: 6.4 -> 1.7 ms).
set random_page_cost = 1.1
as $$
declare
  count_cap constant int := 1000;
  total bigint;
  q text := nullif(trim(coalesce(p_query, '')), '');
begin
  -- Stops at count_cap + 1 matches: past the cap the app says 'oltre 1.000'.
  execute format('select count(*) from (select from public.listings l where %s limit %s) c', private.search_listings_where(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only, p_available_now), count_cap + 1)
    into total
    using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services;
  return total;
end
$$;

/**
 * The public detail of one listing: {status: active|paused|expired|missing}, and when
 * active the listing with its photos (settings max_photos_per_listing for an active promotion,
 * else max_photos_without_promotion) and the
 * advertiser's phone for the contact buttons, and the page's statistics token (listing_stats).
 * Paused or expired listings return only
 * their status, so the app can say so in Italian instead of showing a broken page.
 */
create or replace function private.listing_detail(p_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  l public.listings;
  promoted boolean;
  phone text;
  photos jsonb;
begin
  select * into l from public.listings where id = p_id;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  -- Waiting for review or refused: not there for the public (nothing says why).
  if l.review_status <> 'approved' then
    return jsonb_build_object('status', 'missing');
  end if;
  if not private.listing_is_public(l.is_paused, l.expires_at, l.review_status) then
    return jsonb_build_object('status', case when l.is_paused then 'paused' else 'expired' end, 'id', l.id);
  end if;
  promoted := private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at);
  select pr.phone into phone from public.profiles pr where pr.id = l.user_id;
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'url', p.url, 'is_primary', p.is_primary, 'created_at', p.created_at,
                                               'renditions', p.renditions, 'placeholder', p.placeholder, 'avif', p.avif)
                            order by p.is_primary desc, p.created_at, p.id), '[]'::jsonb)
    into photos
    from (select * from public.listing_photos p where p.listing_id = l.id
          order by p.is_primary desc, p.created_at, p.id limit private.displayed_photo_limit(promoted)) p;
  return jsonb_build_object(
    'status', 'active',
    'phone', phone,
    -- The page's statistics token (issue 41): only a page served here counts a view.
    'view_token', private.listing_view_token(l.id, l.user_id = (select auth.uid()) or private.current_role_is_staff()),
    -- The columns visitors may select and no other (the listings migration's grants).
    'listing', (to_jsonb(l) - 'search' - 'remaining_expires_at_duration' - 'remaining_promotion_duration' - 'paused_at'
                - 'promotion_credits_paid' - 'promotion_expiry_added' - 'auto_renew' - 'creation_key' - 'review_submitted_at'
                - 'updated_at')
               || jsonb_build_object('photos', photos, 'promoted', promoted));
end
$$;

revoke all on function private.search_listings_where from public, anon, authenticated;
revoke all on function private.search_text_share(text) from public, anon, authenticated;
revoke all on function private.search_prepared(text, text) from public, anon, authenticated;
revoke all on function private.search_listings from public;
revoke all on function private.search_listings_count from public;
revoke all on function private.listing_detail(uuid) from public;
grant execute on function private.search_listings to anon, authenticated, service_role;
grant execute on function private.search_listings_count to anon, authenticated, service_role;
grant execute on function private.listing_detail(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/**
 * The API's entry points to private.search_listings and private.search_listings_count, the
 * SECURITY DEFINER bodies: wrappers made from the bodies' own signatures, so the 24 filters and
 * the page's 33 columns are written once (above) and the API cannot drift from them. Each is
 * `create function public.<name>(<its arguments>) returns <its result> language sql stable
 * security invoker set search_path = '' as 'select [* from] private.<name>($1, ..., $n)'`.
 */
do $$
declare
  f record;
begin
  for f in select p.oid, p.proname, p.pronargs, p.proretset from pg_catalog.pg_proc p
            where p.pronamespace = 'private'::regnamespace and p.proname in ('search_listings', 'search_listings_count')
  loop
    execute format('create or replace function public.%I(%s) returns %s language sql stable security invoker set search_path = '''' as %L',
                   f.proname, pg_catalog.pg_get_function_arguments(f.oid), pg_catalog.pg_get_function_result(f.oid),
                   format(case when f.proretset then 'select * from private.%I(%s)' else 'select private.%I(%s)' end, f.proname,
                          (select string_agg('$' || i, ', ' order by i) from generate_series(1, f.pronargs) i)));
  end loop;
end
$$;

/** The API's entry point to private.listing_detail, the SECURITY DEFINER body. */
create or replace function public.listing_detail(p_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.listing_detail(p_id)
$$;

revoke all on function public.search_listings(text, text, text, text, integer, integer, numeric, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean, timestamptz, uuid, integer, boolean, boolean) from public;
revoke all on function public.search_listings_count from public;
revoke all on function public.listing_detail(uuid) from public;
grant execute on function public.search_listings_count to anon, authenticated, service_role;
grant execute on function public.search_listings(text, text, text, text, integer, integer, numeric, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean, timestamptz, uuid, integer, boolean, boolean),
  public.listing_detail(uuid) to anon, authenticated, service_role;
