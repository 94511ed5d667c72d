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
create index if not exists listings_age_idx on public.listings (age) where not is_paused;
create index if not exists listings_hourly_rate_idx on public.listings (hourly_rate) where not is_paused;

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
  p_verified_only boolean default false
) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  -- private.listing_is_public's rule, as text: the function is not inlined (its search_path
  -- is pinned), and a call per row would hide the partial indexes and make the total 10x
  -- slower (docs/decisions.md). tests/db/single-sources.test.ts checks they agree.
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
  if nullif(trim(coalesce(p_query, '')), '') is not null then
    filters := filters || ' and l.search @@ websearch_to_tsquery(''italian''::regconfig, $1)';
  end if;
  return filters;
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
  p_verified_only boolean default false
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
  photos jsonb,
  photos_verified_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lim int := least(greatest(coalesce(p_limit, 20), 1), 50);
  promoted_photos int := private.displayed_photo_limit(true);
  base_photos int := private.displayed_photo_limit(false);
  filters text := private.search_listings_where(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only);
  -- private.promotion_is_active's rule, as text, for the same reason as the public rule in
  -- private.search_listings_where.
  promoted_sql text := '(l.is_premium and l.promotion_start_at <= now() and l.promotion_end_at >= now())';
  rank_sql text := 'coalesce(l.last_bumped_at, l.created_at)';
  part_a text;
  part_b text;
  q text := nullif(trim(coalesce(p_query, '')), '');
  src text := 'public.listings l';
  matches int;
begin
  if q is not null then
    -- A rare term: read its few matches through the full-text index, then sort them. A
    -- common one: walk the public order and stop after a page (the planner cannot tell
    -- which case it is from statistics, so count up to a threshold first).
    select count(*) into matches from (
      select 1 from public.listings l0 where l0.search @@ websearch_to_tsquery('italian'::regconfig, q) limit 3000) m;
    if matches < 3000 then
      src := '(select * from public.listings l0 where l0.search @@ websearch_to_tsquery(''italian''::regconfig, $1) offset 0) l';
    end if;
  end if;

  -- Part A: listings with an active promotion; part B: the rest.
  part_a := format(
    'select l.id, true as promoted, %2$s as rank_at from %5$s where %1$s and %3$s %4$s order by %2$s desc, l.id desc limit $22',
    filters, rank_sql, promoted_sql,
    case when p_after_promoted is null then ''
         when p_after_promoted then format('and (%s, l.id) < ($20, $21)', rank_sql)
         else 'and false' end,
    src);
  part_b := format(
    'select l.id, false as promoted, %2$s as rank_at from %5$s where %1$s and not %3$s %4$s order by %2$s desc, l.id desc limit $22',
    filters, rank_sql, promoted_sql,
    case when p_after_promoted is null or p_after_promoted then ''
         else format('and (%s, l.id) < ($20, $21)', rank_sql) end,
    src);

  return query execute format(
    'with page as (
       select * from ((%1$s) union all (%2$s)) u
       order by u.promoted desc, u.rank_at desc, u.id desc
       limit $22
     )
     select l.id, l.user_id, l.title, l.category, l.city, l.zone, l.age, l.description, l.created_at, l.expires_at,
            l.is_premium, l.promotion_mode, l.promotion_start_at, l.promotion_end_at, l.last_bumped_at, l.is_paused,
            l.slug, l.ethnicity, l.nationality, l.breast_type, l.hair_color, l.body_type, l.eye_color, l.meeting_type,
            l.availability_for, l.meeting_location, l.offered_services, l.hourly_rate::numeric,
            page.promoted, page.rank_at,
            coalesce((
              select jsonb_agg(jsonb_build_object(''id'', p.id, ''url'', p.url, ''is_primary'', p.is_primary,
                                                  ''created_at'', p.created_at) order by p.is_primary desc, p.created_at, p.id)
              from (select p.* from public.listing_photos p where p.listing_id = l.id
                    order by p.is_primary desc, p.created_at, p.id
                    limit case when page.promoted then $23 else $24 end) p
            ), ''[]''::jsonb) as photos,
            l.photos_verified_at
     from page join public.listings l on l.id = page.id
     order by page.promoted desc, page.rank_at desc, page.id desc',
    part_a, part_b)
  using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max,
        p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color,
        p_meeting_type, p_availability_for, p_meeting_location, p_offered_services,
        p_after_promoted, p_after_rank, p_after_id, lim, promoted_photos, base_photos;
end
$$;

comment on function private.search_listings is 'Public listing search with keyset pagination.';

/**
 * How many public listings match the filters (search_listings' filters, without paging).
 * Security definer for the same reason as search_listings: under RLS the filters could not
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
  p_verified_only boolean default false
) returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  total bigint;
  q text := nullif(trim(coalesce(p_query, '')), '');
begin
  execute format('select count(*) from public.listings l where %s', private.search_listings_where(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only))
    into total
    using q, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services;
  return total;
end
$$;

/**
 * The public detail of one listing: {status: active|paused|expired|missing}, and when
 * active the listing with its photos (settings max_photos_per_listing for an active promotion,
 * else max_photos_without_promotion) and the
 * advertiser's phone for the contact buttons. Paused or expired listings return only
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
  select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'url', p.url, 'is_primary', p.is_primary, 'created_at', p.created_at)
                            order by p.is_primary desc, p.created_at, p.id), '[]'::jsonb)
    into photos
    from (select * from public.listing_photos p where p.listing_id = l.id
          order by p.is_primary desc, p.created_at, p.id limit private.displayed_photo_limit(promoted)) p;
  return jsonb_build_object(
    'status', 'active',
    'phone', phone,
    'listing', (to_jsonb(l) - 'search' - 'remaining_expires_at_duration' - 'remaining_promotion_duration' - 'paused_at')
               || jsonb_build_object('photos', photos, 'promoted', promoted));
end
$$;

revoke all on function private.search_listings_where from public, anon, authenticated;
revoke all on function private.search_listings from public;
revoke all on function private.search_listings_count from public;
revoke all on function private.listing_detail(uuid) from public;
grant execute on function private.search_listings to anon, authenticated, service_role;
grant execute on function private.search_listings_count to anon, authenticated, service_role;
grant execute on function private.listing_detail(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.search_listings, the SECURITY DEFINER body. */
create or replace function public.search_listings(
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
  p_verified_only boolean default false
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
  photos jsonb,
  photos_verified_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.search_listings(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_after_promoted, p_after_rank, p_after_id, p_limit, p_verified_only)
$$;

/** The API's entry point to private.search_listings_count, the SECURITY DEFINER body. */
create or replace function public.search_listings_count(
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
  p_verified_only boolean default false
) returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select private.search_listings_count(p_query, p_category, p_city, p_zone, p_age_min, p_age_max, p_rate_min, p_rate_max, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_verified_only)
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

revoke all on function public.search_listings(text, text, text, text, integer, integer, numeric, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean, timestamptz, uuid, integer, boolean) from public;
revoke all on function public.search_listings_count from public;
revoke all on function public.listing_detail(uuid) from public;
grant execute on function public.search_listings_count to anon, authenticated, service_role;
grant execute on function public.search_listings(text, text, text, text, integer, integer, numeric, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], boolean, timestamptz, uuid, integer, boolean),
  public.listing_detail(uuid) to anon, authenticated, service_role;
