-- Listings, their photos and reports. Money-like columns (is_premium, promotion_*,
-- expires_at, last_bumped_at, pause clock) change only through SQL functions.

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null,
  category text not null,
  city text not null,
  zone text,
  age integer not null,
  description text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '30 days'),
  is_premium boolean not null default false,
  promotion_mode text,
  promotion_start_at timestamptz,
  promotion_end_at timestamptz,
  last_bumped_at timestamptz,
  is_paused boolean not null default false,
  paused_at timestamptz,
  remaining_expires_at_duration interval,
  remaining_promotion_duration interval,
  slug text not null unique,
  ethnicity text[] not null default '{}',
  nationality text[] not null default '{}',
  breast_type text[] not null default '{}',
  hair_color text[] not null default '{}',
  body_type text[] not null default '{}',
  eye_color text[] not null default '{}',
  meeting_type text[] not null default '{}',
  availability_for text[] not null default '{}',
  meeting_location text[] not null default '{}',
  offered_services text[] not null default '{}',
  hourly_rate numeric(8, 2),
  -- The client's key for one 'Pubblica': a repeated create_listing with it returns the same listing.
  creation_key uuid,
  -- Review before publication (issue 26): 'pending' waits in the panel's 'Da approvare' and is
  -- not public; set only by SQL (private.hold_listing, the staff decisions in the review migration).
  review_status text not null default 'approved',
  -- When the listing last went into review ('In revisione' since then on the owner's card).
  review_submitted_at timestamptz,
  -- Advertisers' tools (issue 27; written only by the functions of 20261126000400_advertiser_tools.sql
  -- and the expiry job): 'Disponibile ora' until then (the status is available_until > now(), never a
  -- stored flag); 'Rinnovo automatico'; what the current promotion cost and how much life it added
  -- to the listing, which cancelling a scheduled ('In Attesa') one gives back.
  available_until timestamptz,
  auto_renew boolean not null default false,
  promotion_credits_paid integer check (promotion_credits_paid is null or promotion_credits_paid >= 0),
  promotion_expiry_added interval,
  search tsvector generated always as (
    setweight(to_tsvector('italian'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('italian'::regconfig, coalesce(city, '') || ' ' || coalesce(zone, '')), 'B')
    || setweight(to_tsvector('italian'::regconfig, coalesce(description, '')), 'C')
  ) stored,
  constraint listings_title_length check (char_length(title) between 5 and 120),
  constraint listings_description_length check (char_length(description) between 20 and 5000),
  constraint listings_city_length check (char_length(city) between 2 and 80),
  constraint listings_zone_length check (zone is null or char_length(zone) <= 80),
  constraint listings_age_range check (age between 18 and 99),
  constraint listings_hourly_rate_range check (hourly_rate is null or (hourly_rate >= 0 and hourly_rate <= 10000)),
  constraint listings_review_status_values check (review_status in ('pending', 'approved', 'rejected')),
  constraint listings_category_values check (category in ('donne', 'uomini', 'trans', 'coppie', 'massaggi')),
  constraint listings_promotion_mode_values check (promotion_mode is null or promotion_mode in ('day', 'night')),
  constraint listings_promotion_consistent check (
    not is_premium or (promotion_mode is not null and promotion_start_at is not null and promotion_end_at is not null
                       and promotion_end_at > promotion_start_at)
  ),
  constraint listings_ethnicity_values check (ethnicity <@ array['europea', 'latina', 'asiatica', 'africana', 'araba', 'indiana', 'mediterranea', 'mista']::text[]),
  constraint listings_nationality_values check (nationality <@ array['italiana', 'albanese', 'brasiliana', 'cinese', 'colombiana', 'cubana', 'francese', 'moldava', 'polacca', 'romena', 'russa', 'spagnola', 'ucraina', 'venezuelana', 'altra']::text[]),
  constraint listings_breast_type_values check (breast_type <@ array['naturale', 'rifatto']::text[]),
  constraint listings_hair_color_values check (hair_color <@ array['bionda', 'castana', 'mora', 'rossa', 'nera', 'colorata']::text[]),
  constraint listings_body_type_values check (body_type <@ array['magra', 'snella', 'atletica', 'normale', 'formosa', 'curvy']::text[]),
  constraint listings_eye_color_values check (eye_color <@ array['azzurri', 'verdi', 'castani', 'neri', 'grigi', 'nocciola']::text[]),
  constraint listings_meeting_type_values check (meeting_type <@ array['cena', 'aperitivo', 'relax', 'massaggio', 'viaggio', 'altro']::text[]),
  constraint listings_availability_for_values check (availability_for <@ array['mattina', 'pomeriggio', 'sera', 'notte', 'weekend']::text[]),
  constraint listings_meeting_location_values check (meeting_location <@ array['mio-domicilio', 'tuo-domicilio', 'hotel', 'esterno', 'online']::text[]),
  constraint listings_offered_services_values check (offered_services <@ array['69', 'baci-profondi', 'bacio-leggero', 'due-ragazze', 'girlfriend-experience', 'massaggio-professionale', 'massaggio-prostatico', 'massaggio-sensuale-con-corpo', 'massaggio-tantrico', 'masturbazione-con-mano', 'orale-coperto-con-condom', 'orale-scoperto', 'orgasmo-multiplo', 'porn-star-experience', 'rapporto-anale', 'rapporto-sessuale', 'rimming', 'sesso-orale', 'venuta-in-bocca', 'venuta-su-seno', 'altro']::text[])
);

comment on table public.listings is 'Advertisements. Public when approved (review_status), not paused and not expired.';

/**
 * The one "public listing" rule: approved by review (issue 26), not paused and not expired at
 * p_at. Policies, the detail and the jobs call it; a question about the clock alone (has it
 * expired, whatever its review) passes 'approved'. Its search_path is pinned (splinter's function_search_path_mutable),
 * so PostgreSQL does not inline it; the search's dynamic SQL spells it as text in one place,
 * private.search_listings_where, for its partial indexes (docs/decisions/0103-one-sql-function-per-rule.md).
 */
create or replace function private.listing_is_public(p_is_paused boolean, p_expires_at timestamptz, p_review_status text,
  p_at timestamptz default now())
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_review_status = 'approved' and not p_is_paused and p_expires_at > p_at
$$;

/**
 * The one "active promotion" rule: premium and p_at within [start, end]. The search spells it
 * as text in private.search_listings for the reason given above; the app's display state
 * (promotionState in src/features/listings/shape.ts) is its only TypeScript copy.
 */
create or replace function private.promotion_is_active(p_is_premium boolean, p_start_at timestamptz, p_end_at timestamptz,
  p_at timestamptz default now())
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_is_premium and p_start_at <= p_at and p_end_at >= p_at
$$;

revoke all on function private.listing_is_public(boolean, timestamptz, text, timestamptz) from public;
revoke all on function private.promotion_is_active(boolean, timestamptz, timestamptz, timestamptz) from public;
grant execute on function private.listing_is_public(boolean, timestamptz, text, timestamptz),
  private.promotion_is_active(boolean, timestamptz, timestamptz, timestamptz) to anon, authenticated, service_role;

-- my-listings: user_id, is_paused asc, is_premium desc, promotion_end_at desc, last_bumped_at desc, created_at desc
create index listings_owner_order_idx on public.listings
  (user_id, is_paused, is_premium desc, promotion_end_at desc, last_bumped_at desc, created_at desc);
-- public ordering: premium first, most recently bumped, newest
create index listings_public_order_idx on public.listings
  (is_premium desc, last_bumped_at desc nulls last, created_at desc) where not is_paused;
create index listings_expires_at_idx on public.listings (expires_at) where not is_paused;
create index listings_promotion_end_idx on public.listings (promotion_end_at) where is_premium;
create unique index listings_creation_key_idx on public.listings (user_id, creation_key) where creation_key is not null;
create index listings_category_city_idx on public.listings (category, lower(city));
create index listings_search_idx on public.listings using gin (search);
create index listings_city_trgm_idx on public.listings using gin (city extensions.gin_trgm_ops);
-- The array columns' filters are served by the search's one multicolumn GIN index
-- (listings_facets_idx, 20261122000700_search.sql).

create trigger listings_set_updated_at before update on public.listings
  for each row execute function public.set_updated_at();

/**
 * The bounds and Italian messages of a listing's fields and its value lists, in one place:
 * validate_listing checks with them and `npm run gen:types` writes them for the app's form
 * (src/features/listings/editor/listingFormRules.generated.ts). The check constraints above are the
 * backstop behind the trigger; tests/db/listing-rules.test.ts holds them to these values.
 */
create or replace function public.listing_rules() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select $rules${
    "title": {"min": 5, "max": 120, "message": "Il titolo deve contenere da 5 a 120 caratteri.", "code": "invalid_title"},
    "description": {"min": 20, "max": 5000, "message": "La descrizione deve contenere da 20 a 5000 caratteri.", "code": "invalid_description"},
    "city": {"min": 2, "max": 80, "message": "Indica una città valida.", "code": "invalid_city"},
    "zone": {"max": 80, "message": "La zona può contenere al massimo 80 caratteri.", "code": "invalid_zone"},
    "age": {"min": 18, "max": 99, "message": "L'età deve essere compresa tra 18 e 99 anni.", "code": "invalid_age"},
    "hourly_rate": {"min": 0, "max": 10000, "message": "La tariffa oraria non è valida.", "code": "invalid_hourly_rate"},
    "category": {"message": "Categoria non valida.", "code": "invalid_category"},
    "option": {"message": "Uno o più valori selezionati non sono validi.", "code": "invalid_option"},
    "options": {
      "category": ["donne", "uomini", "trans", "coppie", "massaggi"],
      "ethnicity": ["europea", "latina", "asiatica", "africana", "araba", "indiana", "mediterranea", "mista"],
      "nationality": ["italiana", "albanese", "brasiliana", "cinese", "colombiana", "cubana", "francese", "moldava", "polacca", "romena", "russa", "spagnola", "ucraina", "venezuelana", "altra"],
      "breast_type": ["naturale", "rifatto"],
      "hair_color": ["bionda", "castana", "mora", "rossa", "nera", "colorata"],
      "body_type": ["magra", "snella", "atletica", "normale", "formosa", "curvy"],
      "eye_color": ["azzurri", "verdi", "castani", "neri", "grigi", "nocciola"],
      "meeting_type": ["cena", "aperitivo", "relax", "massaggio", "viaggio", "altro"],
      "availability_for": ["mattina", "pomeriggio", "sera", "notte", "weekend"],
      "meeting_location": ["mio-domicilio", "tuo-domicilio", "hotel", "esterno", "online"],
      "offered_services": ["69", "baci-profondi", "bacio-leggero", "due-ragazze", "girlfriend-experience", "massaggio-professionale", "massaggio-prostatico", "massaggio-sensuale-con-corpo", "massaggio-tantrico", "masturbazione-con-mano", "orale-coperto-con-condom", "orale-scoperto", "orgasmo-multiplo", "porn-star-experience", "rapporto-anale", "rapporto-sessuale", "rimming", "sesso-orale", "venuta-in-bocca", "venuta-su-seno", "altro"]
    }
  }$rules$::jsonb
$$;

revoke all on function public.listing_rules() from public;
grant execute on function public.listing_rules() to anon, authenticated, service_role;

/** Raises a rule's Italian message with its code as the detail. */
create or replace function private.raise_listing_rule(p_rule jsonb) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%', p_rule ->> 'message' using errcode = 'P0001', detail = p_rule ->> 'code';
end
$$;

revoke all on function private.raise_listing_rule(jsonb) from public;
grant execute on function private.raise_listing_rule(jsonb) to authenticated, service_role;

/** Whether a text's length (characters, as char_length counts them) is within a rule's min and max. */
create or replace function private.listing_text_fits(p_value text, p_rule jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_value is not null
     and char_length(p_value) >= coalesce((p_rule ->> 'min')::integer, 0)
     and char_length(p_value) <= (p_rule ->> 'max')::integer
$$;

revoke all on function private.listing_text_fits(text, jsonb) from public;
grant execute on function private.listing_text_fits(text, jsonb) to authenticated, service_role;

/**
 * Validates a listing with the Italian messages of listing_rules() before the check
 * constraints would answer in English: runs on insert (create_listing) and on the owner's
 * direct column updates. Texts are trimmed of spaces first; an empty zone is no zone.
 */
create or replace function public.validate_listing() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  r jsonb := public.listing_rules();
  row_values jsonb;
  field text;
begin
  new.title := trim(new.title);
  new.city := trim(new.city);
  new.zone := nullif(trim(new.zone), '');
  new.description := trim(new.description);
  if not private.listing_text_fits(new.title, r -> 'title') then
    perform private.raise_listing_rule(r -> 'title');
  end if;
  if not private.listing_text_fits(new.description, r -> 'description') then
    perform private.raise_listing_rule(r -> 'description');
  end if;
  if not private.listing_text_fits(new.city, r -> 'city') then
    perform private.raise_listing_rule(r -> 'city');
  end if;
  if new.zone is not null and not private.listing_text_fits(new.zone, r -> 'zone') then
    perform private.raise_listing_rule(r -> 'zone');
  end if;
  if new.age is null or new.age < (r #>> '{age,min}')::integer or new.age > (r #>> '{age,max}')::integer then
    perform private.raise_listing_rule(r -> 'age');
  end if;
  if new.category is null or not (r #> '{options,category}') ? new.category then
    perform private.raise_listing_rule(r -> 'category');
  end if;
  if new.hourly_rate is not null
     and (new.hourly_rate < (r #>> '{hourly_rate,min}')::numeric or new.hourly_rate > (r #>> '{hourly_rate,max}')::numeric) then
    perform private.raise_listing_rule(r -> 'hourly_rate');
  end if;
  row_values := to_jsonb(new);
  for field in select k from jsonb_object_keys(r -> 'options') k where k <> 'category' loop
    if not coalesce(row_values -> field, '[]') <@ (r -> 'options' -> field) then
      perform private.raise_listing_rule(r -> 'option');
    end if;
  end loop;
  return new;
end
$$;

create trigger listings_validate before insert or update of title, category, city, zone, age, description, hourly_rate,
  ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
  meeting_location, offered_services on public.listings
  for each row execute function public.validate_listing();

/** A URL slug from a title and a city: lower-case ASCII words joined by '-', plus a short random suffix. */
create or replace function public.slugify_listing(p_title text, p_city text) returns text
language sql
volatile
set search_path = ''
as $$
  select left(trim(both '-' from regexp_replace(
           lower(translate(coalesce(p_title, '') || ' ' || coalesce(p_city, ''),
             'àáâäãèéêëìíîïòóôöõùúûüçñÀÁÂÄÃÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÇÑ',
             'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')),
           '[^a-z0-9]+', '-', 'g')), 80)
         || '-' || substr(md5(random()::text || clock_timestamp()::text), 1, 6)
$$;

-- ---------------------------------------------------------------------------------------

create table public.listing_photos (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  url text not null,
  is_primary boolean not null default false,
  storage_path text,
  created_at timestamptz not null default now(),
  -- Issue 44: the served sizes' common name, {owner id}/{listing id}/{key} (files {key}-{width}.webp
  -- and {key}-720.jpg beside the crop, supabase/functions/_shared/image/renditions.ts); null
  -- until made. The placeholder: the crop's ThumbHash, base64 (at most 25 bytes).
  renditions text,
  placeholder text check (placeholder ~ '^[A-Za-z0-9+/]{4,36}={0,2}$'),
  -- Set by the photo-avif function once {key}-360/540/720.avif are stored beside them; false
  -- again when the renditions change (docs/decisions/0514-avif-after-the-upload.md).
  avif boolean not null default false
);

comment on table public.listing_photos is 'Up to 5 photos per listing: the cropped 4:5 image (url, in the public listing_photos bucket), its renditions and placeholder. Originals are in listing_photo_originals.';

-- The uncropped originals: their keys in the private listing_originals bucket, readable only by
-- the listing's owner and staff, so no column a visitor or another user reads names them.
create table public.listing_photo_originals (
  photo_id uuid primary key references public.listing_photos (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  storage_path text not null,
  created_at timestamptz not null default now()
);

comment on table public.listing_photo_originals is 'The uncropped source of each listing photo, in the private listing_originals bucket.';

create index listing_photo_originals_listing_idx on public.listing_photo_originals (listing_id);

-- In display order with the id that breaks ties, the address, the renditions and the
-- placeholder: a page of search results, a listing's detail and the photo policy's check read
-- the photos they show from the index alone, without a heap page per photo (a search page:
-- 250 -> 150 pages; issue 25).
create index listing_photos_listing_order_idx on public.listing_photos (listing_id, is_primary desc, created_at, id)
  include (url, renditions, placeholder, avif);

/** At most max_photos_per_listing (5) photos per listing; the first photo becomes primary. */
create or replace function private.enforce_listing_photo_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  n int;
  max_photos int := private.setting_int('max_photos_per_listing', 5);
begin
  perform 1 from public.listings l where l.id = new.listing_id for update;
  select count(*) into n from public.listing_photos p where p.listing_id = new.listing_id;
  if n >= max_photos then
    raise exception 'Puoi caricare al massimo % foto per annuncio.', max_photos using errcode = 'P0001', detail = 'too_many_photos';
  end if;
  if n = 0 then
    new.is_primary := true;
  end if;
  return new;
end
$$;

create trigger listing_photos_limit before insert on public.listing_photos
  for each row execute function private.enforce_listing_photo_limit();

/** When the primary photo is deleted and others remain, the oldest remaining becomes primary. */
create or replace function private.promote_next_primary_photo() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_primary and not exists (select 1 from public.listing_photos p where p.listing_id = old.listing_id and p.is_primary) then
    update public.listing_photos set is_primary = true
    where id = (select p.id from public.listing_photos p where p.listing_id = old.listing_id order by p.created_at, p.id limit 1);
  end if;
  return null;
end
$$;

create trigger listing_photos_next_primary after delete on public.listing_photos
  for each row execute function private.promote_next_primary_photo();

-- ---------------------------------------------------------------------------------------

create table public.listing_reports (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  -- Null for a visitor's report (DSA art. 16: anyone may notify, report_listing in the
  -- reports-from-anyone migration); the signed-in reporter otherwise.
  reporter_id uuid references public.profiles (id) on delete cascade,
  reason text not null check (reason in ('spam', 'truffa', 'minorenne', 'contenuto-inappropriato', 'foto-false', 'altro')),
  details text check (details is null or char_length(details) <= 2000),
  -- Where the statement of reasons goes, if the reporter left an address; staff (and the
  -- signed-in reporter herself) read it, never the listing's owner.
  reporter_email text check (reporter_email is null or (char_length(reporter_email) <= 254 and private.is_valid_email(reporter_email))),
  status text not null default 'open' check (status in ('open', 'reviewed', 'dismissed')),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by uuid references public.profiles (id) on delete set null
);

create unique index listing_reports_one_open_idx on public.listing_reports (reporter_id, listing_id) where status = 'open';
create index listing_reports_status_idx on public.listing_reports (status, created_at desc);
create index listing_reports_listing_idx on public.listing_reports (listing_id);

-- ---------------------------------------------------------------------------------------
-- Privileges and RLS

alter table public.listings enable row level security;
alter table public.listing_photos enable row level security;
alter table public.listing_reports enable row level security;

revoke all on table public.listings, public.listing_photos, public.listing_reports from anon, authenticated;
grant all on table public.listings, public.listing_photos, public.listing_reports to service_role;

-- listings: created by create_listing(); owners edit the content columns and delete.
-- Visitors and users select only what a listing's page and card show (issue 41; a column
-- privilege is per role, so the owner's too): what a promotion cost, the pause clock, the
-- creation key, when it was last held, 'Rinnovo automatico' and the last edit are read by
-- their owner and staff through listing_private_fields below. `select=*` is refused: name
-- the columns. photos_verified_at is granted where it is added (verification migration).
grant select (id, user_id, title, category, city, zone, age, description, created_at, expires_at, is_premium,
  promotion_mode, promotion_start_at, promotion_end_at, last_bumped_at, is_paused, slug, ethnicity, nationality,
  breast_type, hair_color, body_type, eye_color, meeting_type, availability_for, meeting_location, offered_services,
  hourly_rate, review_status, available_until)
  on table public.listings to anon, authenticated;
grant update (title, category, city, zone, age, description, hourly_rate, ethnicity, nationality, breast_type,
  hair_color, body_type, eye_color, meeting_type, availability_for, meeting_location, offered_services)
  on table public.listings to authenticated;
grant delete on table public.listings to authenticated;

create policy "Anyone can read public listings" on public.listings
  for select to anon
  using (private.listing_is_public(is_paused, expires_at, review_status));

create policy "Users can read public listings and their own" on public.listings
  for select to authenticated
  using (private.listing_is_public(is_paused, expires_at, review_status) or user_id = (select auth.uid()) or (select private.current_role_is_staff()));

create policy "Owners can update their listings" on public.listings
  for update to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()))
  with check (user_id = (select auth.uid()));

-- Staff remove another's listing only through admin_delete_listing, which requires the
-- statement of reasons, tells the owner and records it; a staff member's own listing is theirs.
create policy "Owners can delete their listings" on public.listings
  for delete to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()));

/** Why: a call naming listings by id reads at most 100 of them (the app's batch), not what a body of any size lists. */
create or replace function private.require_id_batch(p_ids uuid[]) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(pg_catalog.array_length(p_ids, 1), 0) > 100 then
    raise exception 'Puoi chiedere al massimo 100 annunci alla volta.' using errcode = '22023', detail = 'too_many_ids';
  end if;
end
$$;

revoke all on function private.require_id_batch(uuid[]) from public, anon, authenticated;

/**
 * Why: the columns visitors and users may not select (see the grants above), for the listings
 * among p_ids (at most 100) that the caller owns, or any of them for staff; others get no row.
 */
create or replace function private.listing_private_fields(p_ids uuid[])
returns table (id uuid, updated_at timestamptz, paused_at timestamptz, remaining_expires_at_duration interval,
  remaining_promotion_duration interval, creation_key uuid, review_submitted_at timestamptz, auto_renew boolean,
  promotion_credits_paid integer, promotion_expiry_added interval)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_id_batch(p_ids);
  return query
    select l.id, l.updated_at, l.paused_at, l.remaining_expires_at_duration, l.remaining_promotion_duration, l.creation_key,
           l.review_submitted_at, l.auto_renew, l.promotion_credits_paid, l.promotion_expiry_added
      from public.listings l
     where l.id = any (p_ids) and (l.user_id = (select auth.uid()) or (select private.current_role_is_staff()));
end
$$;

/**
 * Why: a listing waiting for review or refused must answer exactly as one that never existed
 * to anyone but its owner and staff (issue 41): the checks that name a listing by id (a
 * favourite, a report, a ticket) ask this instead of whether the row exists.
 */
create or replace function private.listing_is_known(p_listing_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.listings l
                  where l.id = p_listing_id
                    and (l.review_status = 'approved' or l.user_id = (select auth.uid()) or (select private.current_role_is_staff())))
$$;

revoke all on function private.listing_private_fields(uuid[]) from public, anon;
revoke all on function private.listing_is_known(uuid) from public, anon;
grant execute on function private.listing_private_fields(uuid[]) to authenticated, service_role;
grant execute on function private.listing_is_known(uuid) to authenticated, service_role;

/** The API's entry point to private.listing_private_fields (owners and staff). */
create or replace function public.listing_private_fields(p_ids uuid[])
returns table (id uuid, updated_at timestamptz, paused_at timestamptz, remaining_expires_at_duration interval,
  remaining_promotion_duration interval, creation_key uuid, review_submitted_at timestamptz, auto_renew boolean,
  promotion_credits_paid integer, promotion_expiry_added interval)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.listing_private_fields(p_ids)
$$;

revoke all on function public.listing_private_fields(uuid[]) from public, anon;
grant execute on function public.listing_private_fields(uuid[]) to authenticated, service_role;

-- listing_photos: rows are written by the listing-photo Edge Function (service role) only;
-- owners choose the primary and delete. Visitors and other users read only the photos a
-- listing displays; owners and staff read all of them.

/**
 * How many photos a listing displays: every one an active promotion allows
 * (max_photos_per_listing), else max_photos_without_promotion. The one rule behind the
 * photo policies below, listing_detail and search_listings.
 */
create or replace function private.displayed_photo_limit(p_promoted boolean) returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return case when p_promoted then private.setting_int('max_photos_per_listing', 5)
              else private.setting_int('max_photos_without_promotion', 1) end;
end
$$;

revoke execute on function private.displayed_photo_limit(boolean) from public, anon, authenticated;

/**
 * Why: a base listing shows only its first photo and an active promotion its first five
 * (settings), and a photo that is not shown must not be reachable through the API either.
 * Security definer because a policy on listing_photos cannot read listing_photos itself.
 */
create or replace function private.listing_photo_is_displayed(p_photo_id uuid, p_listing_id uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.listings l
    cross join lateral (
      select p.id from public.listing_photos p where p.listing_id = l.id
      order by p.is_primary desc, p.created_at, p.id
      limit private.displayed_photo_limit(private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at))
    ) shown
    where l.id = p_listing_id and private.listing_is_public(l.is_paused, l.expires_at, l.review_status) and shown.id = p_photo_id);
end
$$;

revoke execute on function private.listing_photo_is_displayed(uuid, uuid) from public;
grant execute on function private.listing_photo_is_displayed(uuid, uuid) to anon, authenticated, service_role;

grant select on table public.listing_photos to anon, authenticated;
grant update (is_primary) on table public.listing_photos to authenticated;
grant delete on table public.listing_photos to authenticated;

create policy "Anyone can read the photos public listings display" on public.listing_photos
  for select to anon
  using (private.listing_photo_is_displayed(id, listing_id));

create policy "Users can read displayed photos and every photo of their listings" on public.listing_photos
  for select to authenticated
  using (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid()))
         or (select private.current_role_is_staff())
         or private.listing_photo_is_displayed(id, listing_id));

create policy "Owners can choose the primary photo of their listings" on public.listing_photos
  for update to authenticated
  using ((select private.current_user_can_write())
         and exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())))
  with check (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())));

create policy "Owners and staff can delete photos" on public.listing_photos
  for delete to authenticated
  using (((select private.current_user_can_write())
          and exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())))
         or (select private.current_role_is_staff()));

-- listing_photo_originals: written with their photo by the Edge Function; read by the owner and staff.
alter table public.listing_photo_originals enable row level security;
revoke all on table public.listing_photo_originals from anon, authenticated;
grant all on table public.listing_photo_originals to service_role;
grant select on table public.listing_photo_originals to authenticated;

create policy "Owners and staff can read the originals of listing photos" on public.listing_photo_originals
  for select to authenticated
  using (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid()))
         or (select private.current_role_is_staff()));

-- listing_reports: signed-in users report; staff review.
grant select on table public.listing_reports to authenticated;
grant insert (listing_id, reporter_id, reason, details) on table public.listing_reports to authenticated;
grant update (status) on table public.listing_reports to authenticated;

create policy "Reporters and staff can read reports" on public.listing_reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.current_role_is_staff()));

-- A waiting or refused listing is refused as an unknown id is (403 both), not 201 against 409.
create policy "Users can report listings" on public.listing_reports
  for insert to authenticated
  with check (reporter_id = (select auth.uid()) and (select private.current_user_can_write()) and private.listing_is_known(listing_id));

create policy "Staff can review reports" on public.listing_reports
  for update to authenticated
  using ((select private.current_role_is_staff()))
  with check ((select private.current_role_is_staff()));

revoke execute on function public.validate_listing() from public, anon, authenticated;
revoke execute on function public.slugify_listing(text, text) from public, anon, authenticated;
revoke execute on function private.enforce_listing_photo_limit() from public, anon, authenticated;
revoke execute on function private.promote_next_primary_photo() from public, anon, authenticated;
