-- Review before publication (issue 26, parts 2 and 3): why a listing waits in the panel's
-- 'Da approvare' (a new advertiser, a photo that duplicates another account's, a screened
-- term), the staff decisions on it, and the perceptual hashes of the stored photos.
-- A listing is public only while listings.review_status = 'approved' (private.listing_is_public).

-- One open row per listing and reason; a decision closes every open row of the listing.
create table public.listing_review_holds (
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  reason text not null check (reason in ('new_advertiser', 'duplicate_photo', 'screened_term')),
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null,
  decision text check (decision in ('approved', 'rejected')),
  check ((resolved_at is null) = (decision is null))
);

comment on table public.listing_review_holds is 'Why a listing waits for review (one open row per reason) and how staff decided; staff only.';

create unique index listing_review_holds_open_idx on public.listing_review_holds (listing_id, reason) where resolved_at is null;
create index listing_review_holds_queue_idx on public.listing_review_holds (created_at) where resolved_at is null;

alter table public.listing_review_holds enable row level security;
revoke all on table public.listing_review_holds from anon, authenticated;
grant all on table public.listing_review_holds to service_role;
grant select on table public.listing_review_holds to authenticated;

create policy "Staff can read review holds" on public.listing_review_holds
  for select to authenticated
  using ((select private.current_role_is_staff()));

/**
 * Why: every rule that keeps a listing from the public until staff look at it (a new
 * advertiser, a duplicate photo, a screened term) goes through this one function, so the
 * listing's state and the queue's reasons never disagree. Sets review_status 'pending' (the
 * submission time is kept while it already waits) and records the reason with its details,
 * one open row per reason; a duplicate photo's matches accumulate in details.matches. A
 * refused listing stays refused (its owner contests through support; only staff reopen it,
 * reopen_listing_review): the reason is still recorded, for staff to see if they reopen it.
 */
create or replace function private.hold_listing(p_listing_id uuid, p_reason text, p_details jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  d jsonb := coalesce(p_details, '{}');
begin
  if p_reason is null or p_reason not in ('new_advertiser', 'duplicate_photo', 'screened_term') then
    raise exception 'Motivo di revisione non valido.' using errcode = 'P0001', detail = 'invalid_review_reason';
  end if;
  update public.listings
     set review_status = 'pending',
         review_submitted_at = case when review_status = 'pending' then coalesce(review_submitted_at, now()) else now() end
   where id = p_listing_id and review_status <> 'rejected';
  if not found and not exists (select 1 from public.listings l where l.id = p_listing_id) then
    return;
  end if;
  if p_reason = 'duplicate_photo' and not d ? 'matches' then
    d := jsonb_build_object('matches', jsonb_build_array(d));
  end if;
  insert into public.listing_review_holds as h (listing_id, reason, details)
  values (p_listing_id, p_reason, d)
  on conflict (listing_id, reason) where resolved_at is null do update
    set details = case when h.reason = 'duplicate_photo'
                       then jsonb_build_object('matches', coalesce(h.details -> 'matches', '[]') || coalesce(excluded.details -> 'matches', '[]'))
                       else h.details || excluded.details end;
end
$$;

revoke execute on function private.hold_listing(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function private.hold_listing(uuid, text, jsonb) to service_role;

-- ---------------------------------------------------------------------------------------
-- Trust levels

-- A report staff upheld, kept on its own (no foreign key to the report or the listing) so it
-- outlives both: 'Rimuovi annuncio' and the owner's own delete cascade the reports away, and
-- the owner must not regain trust by deleting the reported listing. Staff only. Written by
-- the trigger on listing_reports (private.keep_upheld_report) whenever a report is
-- 'reviewed'; a report that leaves 'reviewed' (reopened, dismissed) takes its row away.
create table public.upheld_reports (
  report_id uuid primary key,
  owner_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid,
  listing_title text not null,
  reason text not null,
  reported_at timestamptz not null,
  decided_at timestamptz not null,
  decided_by uuid references public.profiles (id) on delete set null
);

comment on table public.upheld_reports is 'Reports staff upheld: the owner, the listing''s title, who decided and when; outlives the listing (trust, 30 days from the decision). Staff only.';

create index upheld_reports_owner_idx on public.upheld_reports (owner_id, decided_at desc);

alter table public.upheld_reports enable row level security;
revoke all on table public.upheld_reports from anon, authenticated;
grant all on table public.upheld_reports to service_role;
grant select on table public.upheld_reports to authenticated;

create policy "Staff can read upheld reports" on public.upheld_reports
  for select to authenticated
  using ((select private.current_role_is_staff()));

/**
 * Why: the 30 days of lost trust count from the decision, so every change of a report's status
 * stamps when and by whom (staff through the panel's plain update too); back to 'open' clears
 * both. A writer that sets reviewed_at itself (the seed, a test) keeps its value.
 */
create or replace function private.stamp_report_decision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'open' then
      new.reviewed_at := coalesce(new.reviewed_at, now());
      new.reviewed_by := coalesce(new.reviewed_by, auth.uid());
    end if;
  elsif new.status is distinct from old.status then
    if new.status = 'open' then
      new.reviewed_at := null;
      new.reviewed_by := null;
    else
      if new.reviewed_at is not distinct from old.reviewed_at then
        new.reviewed_at := now();
      end if;
      new.reviewed_by := coalesce(auth.uid(), new.reviewed_by);
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.stamp_report_decision() from public, anon, authenticated;

create trigger listing_reports_stamp_decision before insert or update on public.listing_reports
  for each row execute function private.stamp_report_decision();

/**
 * Why: an upheld report must count against the owner for 30 days whatever becomes of the
 * listing, so it is copied to upheld_reports (owner, title, reason, filed, decided, by whom)
 * while the listing still exists; a report no longer 'reviewed' is no longer held against her.
 */
create or replace function private.keep_upheld_report() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'reviewed' then
    insert into public.upheld_reports (report_id, owner_id, listing_id, listing_title, reason, reported_at, decided_at, decided_by)
    select new.id, l.user_id, l.id, l.title, new.reason, new.created_at, coalesce(new.reviewed_at, now()), new.reviewed_by
      from public.listings l where l.id = new.listing_id
    on conflict (report_id) do update
      set reported_at = excluded.reported_at, decided_at = excluded.decided_at, decided_by = excluded.decided_by;
  elsif tg_op = 'UPDATE' and old.status = 'reviewed' then
    delete from public.upheld_reports where report_id = new.id;
  end if;
  return null;
end
$$;

revoke execute on function private.keep_upheld_report() from public, anon, authenticated;

create trigger listing_reports_keep_upheld after insert or update on public.listing_reports
  for each row execute function private.keep_upheld_report();

/**
 * Why: a new advertiser's listings wait for staff, a trusted one's are public at once. Trusted
 * = an approved listing, or photos verified by staff on a listing that was not refused
 * (listings.photos_verified_at, read from the row's JSON so this works before and after the
 * verification migration adds it; a listing removed for a report takes its verification
 * with it), and no report against the advertiser upheld by staff in the 30 days before
 * p_now (upheld_reports.decided_at: from the decision, and after the listing is gone). A
 * listing still waiting for review is no trust.
 */
create or replace function private.advertiser_is_trusted(p_user_id uuid, p_now timestamptz default now()) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.listings l
                  where l.user_id = p_user_id
                    and (l.review_status = 'approved'
                         or (l.review_status <> 'rejected' and to_jsonb(l) ->> 'photos_verified_at' is not null)))
     and not exists (select 1 from public.upheld_reports u
                      where u.owner_id = p_user_id and u.decided_at > p_now - interval '30 days');
end
$$;

revoke execute on function private.advertiser_is_trusted(uuid, timestamptz) from public, anon, authenticated;

/**
 * Why: an advertiser who is not trusted must not change a public listing's text behind the
 * review; the owner's edit of a content column sends an approved listing back to 'Da
 * approvare' (a waiting one keeps waiting, a refused one stays refused). Service-role writes
 * (seed, jobs) are no owner's edit.
 */
create or replace function private.review_owner_edit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.review_status = 'approved' and auth.uid() = new.user_id
     and (to_jsonb(new) - 'updated_at' - 'search') is distinct from (to_jsonb(old) - 'updated_at' - 'search')
     and not private.advertiser_is_trusted(new.user_id) then
    perform private.hold_listing(new.id, 'new_advertiser', jsonb_build_object('edit', 'text'));
  end if;
  return null;
end
$$;

revoke execute on function private.review_owner_edit() from public, anon, authenticated;

create trigger listings_review_owner_edit after update of title, category, city, zone, age, description, hourly_rate,
  ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
  meeting_location, offered_services on public.listings
  for each row execute function private.review_owner_edit();

-- ---------------------------------------------------------------------------------------
-- Perceptual hashes of the stored photos (duplicate and stolen photos)

-- The 64-bit pHashes of each stored photo, one row per variant (issue 40: what a thief would
-- change), computed by the listing-photo function from the stored bytes (never sent by a
-- browser): 'crop' (the stored crop), 'mirror' (its horizontal flip), 'inner90' and 'inner80'
-- (its centre without 5 % and 10 % of each side), 'mirror90' (inner90's flip) and 'original'
-- (the uploaded original, when it is a JPEG of at most 2.5 megapixels). Staff only: a visitor must not learn them. Three bands (21, 21 and 22 bits)
-- index the search for near copies (multi-index hashing, docs/decisions/0607-duplicate-index-multi-index-hashing.md). created_at is
-- the photo's own (a re-crop keeps it): the first public owner wins.
create table public.listing_photo_hashes (
  photo_id uuid not null references public.listing_photos (id) on delete cascade,
  variant text not null check (variant in ('crop', 'mirror', 'inner90', 'inner80', 'mirror90', 'original')),
  listing_id uuid not null references public.listings (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  phash bigint not null,
  band0 integer generated always as (((phash >> 43) & 2097151)::integer) stored,
  band1 integer generated always as (((phash >> 22) & 2097151)::integer) stored,
  band2 integer generated always as ((phash & 4194303)::integer) stored,
  created_at timestamptz not null default now(),
  primary key (photo_id, variant)
);

comment on table public.listing_photo_hashes is 'The perceptual hashes (pHash, 64 bits) of each stored listing photo, one row per variant (crop, mirror, inner crops, original), with three bands indexed; staff only.';

-- Each band's index carries the variant and the hash, so the candidates a probe finds (every
-- variant at once) are paired and measured against the new hash from the index alone
-- (index-only scans); only the few within the distance are read from the table, through the
-- hash's own index.
create index listing_photo_hashes_band0_idx on public.listing_photo_hashes (band0) include (variant, phash);
create index listing_photo_hashes_band1_idx on public.listing_photo_hashes (band1) include (variant, phash);
create index listing_photo_hashes_band2_idx on public.listing_photo_hashes (band2) include (variant, phash);
create index listing_photo_hashes_phash_idx on public.listing_photo_hashes (phash);
create index listing_photo_hashes_listing_idx on public.listing_photo_hashes (listing_id);

alter table public.listing_photo_hashes enable row level security;
revoke all on table public.listing_photo_hashes from anon, authenticated;
grant all on table public.listing_photo_hashes to service_role;
grant select on table public.listing_photo_hashes to authenticated;

create policy "Staff can read photo hashes" on public.listing_photo_hashes
  for select to authenticated
  using ((select private.current_role_is_staff()));

/**
 * Why: the masks of at most p_radius (0, 1 or 2) bits in a p_bits-wide band (for 21 bits and
 * radius 2: 232 masks); a band's value xor each mask is a value its index is probed with. By the
 * pigeonhole principle two hashes within 3 * (p_radius + 1) - 1 bits agree within p_radius bits
 * on at least one of their three bands, so probing these values finds them all.
 */
create or replace function private.phash_band_masks(p_bits integer, p_radius integer) returns integer[]
language sql
immutable
set search_path = ''
as $$
  select array_agg(v) from (
    select 0 as v
    union all
    select 1 << i from generate_series(0, p_bits - 1) i where p_radius >= 1
    union all
    select (1 << i) | (1 << j) from generate_series(0, p_bits - 1) i, generate_series(0, p_bits - 1) j
     where p_radius >= 2 and i < j
  ) x
$$;

revoke execute on function private.phash_band_masks(integer, integer) from public, anon, authenticated;

/** The largest Hamming distance between two pHashes that counts as the same photo (docs/decisions/0606-duplicate-threshold-and-variants.md). */
create or replace function private.duplicate_photo_max_distance() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- 8: chosen on the extended test set (DUPLICATE_MAX_DISTANCE in
  -- supabase/functions/_shared/image/phash.ts); at most 8, the farthest the band probes
  -- (radius 2 on three bands) are sure to find.
  return least(greatest(private.setting_int('duplicate_photo_max_distance', 8), 0), 8);
end
$$;

revoke execute on function private.duplicate_photo_max_distance() from public, anon, authenticated;

/**
 * Why: the variants a new photo's variant is compared with (issue 40; HASH_PAIRS in
 * supabase/functions/_shared/image/phash.ts): its crop with every stored variant (a mirrored,
 * cropped or re-framed copy of a stored photo), its centres with the stored crop and centres
 * (a border or a caption band added round a stored photo), its original with the stored crop
 * (a stored photo used as the original of a new crop). Its mirrors are not probed: its crop
 * against a stored mirror is the same comparison, and every variant probed costs its index
 * probes.
 */
create or replace function private.photo_hash_pairs() returns table (new_variant text, stored_variants text[])
language sql
immutable
set search_path = ''
as $$
  values ('crop', array['crop', 'mirror', 'mirror90', 'inner90', 'inner80', 'original']),
         ('inner90', array['crop', 'inner90', 'inner80']),
         ('inner80', array['crop', 'inner80']),
         ('original', array['crop'])
$$;

revoke execute on function private.photo_hash_pairs() from public, anon, authenticated;

/**
 * Why: the one duplicate check, for the upload path and the bench: the photos of OTHER
 * accounts, on a listing that is public (approved) and stored before p_before, one of whose
 * variants is within p_max_distance (at most 8) bits of one of the new photo's (p_hashes:
 * {variant: 16 hex digits}, as photo_hash_pairs pairs them), nearest first. A copy on a refused
 * or never-approved listing holds nothing: the first public owner wins. Per new variant,
 * 232-254 probes of each band's index find the candidates (of every variant), its pairs and
 * bit_count(a # b) on the hash they carry keep the near ones, and only those rows are read.
 */
create or replace function private.similar_photos(p_hashes jsonb, p_user_id uuid, p_max_distance integer, p_before timestamptz)
returns table (photo_id uuid, listing_id uuid, distance integer, variant text, stored_variant text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  d integer := least(p_max_distance, 8);
  r integer := case when d >= 6 then 2 when d >= 3 then 1 else 0 end;
  m21 integer[] := private.phash_band_masks(21, r);
  m22 integer[] := private.phash_band_masks(22, r);
begin
  return query
  with q as (
    select e.key as nv, ('x' || e.value)::bit(64)::bigint as h, pr.stored_variants as svs
      from jsonb_each_text(coalesce(p_hashes, '{}'::jsonb)) e
      join private.photo_hash_pairs() pr on pr.new_variant = e.key
  ), bands as materialized (
    select q.nv, q.h, q.svs,
           array(select ((q.h >> 43) & 2097151)::integer # m from unnest(m21) m) as p0,
           array(select ((q.h >> 22) & 2097151)::integer # m from unnest(m21) m) as p1,
           array(select (q.h & 4194303)::integer # m from unnest(m22) m) as p2
      from q
  ), near as (
    select distinct b.nv, c.variant as sv, c.phash, bit_count((c.phash # b.h)::bit(64))::integer as dist
      from bands b
      cross join lateral (
        select h.variant, h.phash from public.listing_photo_hashes h where h.band0 = any (b.p0)
        union all select h.variant, h.phash from public.listing_photo_hashes h where h.band1 = any (b.p1)
        union all select h.variant, h.phash from public.listing_photo_hashes h where h.band2 = any (b.p2)
      ) c
     where c.variant = any (b.svs) and bit_count((c.phash # b.h)::bit(64)) <= d
  )
  -- The few near hashes lead: each finds its rows through the hash's index ('offset 0' keeps
  -- the lateral read from being flattened into a join the planner may start from the table's
  -- side, which, with one account's many photos in the statistics, walked the whole table).
  select h.photo_id, h.listing_id, min(near.dist)::integer as dist, (array_agg(near.nv order by near.dist))[1], h.variant
    from near
    cross join lateral (
      select x.photo_id, x.listing_id, x.variant, x.user_id, x.created_at from public.listing_photo_hashes x
       where x.phash = near.phash and x.variant = near.sv offset 0
    ) h
    join public.listings l on l.id = h.listing_id
   where h.user_id is distinct from p_user_id
     and l.review_status = 'approved'
     and h.created_at <= p_before
   group by h.photo_id, h.listing_id, h.variant, h.created_at
   order by dist, h.created_at
   limit 10;
end
$$;

revoke execute on function private.similar_photos(jsonb, uuid, integer, timestamptz) from public, anon, authenticated;
grant execute on function private.similar_photos(jsonb, uuid, integer, timestamptz) to service_role;

/**
 * The listing-photo function's last step after storing a crop: records the pHashes it computed
 * from the stored bytes (p_hashes: {crop, mirror, inner90, inner80, mirror90[, original]}, 16 hex digits
 * each; null or {} for a flat picture, which has none) and, when an earlier photo of another
 * account on a public listing is within duplicate_photo_max_distance by any variant pair,
 * holds the listing ('duplicate_photo' with both photos, the distance and the variants). A
 * re-crop keeps the photo's first time. A new photo or crop by an advertiser who is not trusted
 * sends an approved listing back to review, as a text edit does (here, not in a trigger: the
 * seed's photos are no owner's edit). Returns {review_status, distance}.
 */
create or replace function private.record_photo_hash(p_photo_id uuid, p_hashes jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  hashes jsonb := coalesce(p_hashes, '{}'::jsonb);
  ph public.listing_photos;
  owner uuid;
  match record;
begin
  select null::uuid as photo_id, null::uuid as listing_id, null::integer as distance, null::text as variant, null::text as stored_variant into match;
  if jsonb_typeof(hashes) is distinct from 'object'
     or exists (select 1 from jsonb_each(hashes) e
                 where e.key not in ('crop', 'mirror', 'inner90', 'inner80', 'mirror90', 'original')
                    or jsonb_typeof(e.value) is distinct from 'string' or e.value #>> '{}' !~ '^[0-9a-f]{16}$')
     or (hashes <> '{}'::jsonb and not hashes ? 'crop') then
    raise exception 'Impronta della foto non valida.' using errcode = 'P0001', detail = 'invalid_hash';
  end if;
  select * into ph from public.listing_photos where id = p_photo_id;
  if not found then
    raise exception 'Foto non trovata.' using errcode = 'P0001', detail = 'photo_not_found';
  end if;
  select l.user_id into owner from public.listings l where l.id = ph.listing_id;
  if exists (select 1 from public.listings l where l.id = ph.listing_id and l.review_status = 'approved')
     and not private.advertiser_is_trusted(owner) then
    perform private.hold_listing(ph.listing_id, 'new_advertiser', jsonb_build_object('edit', 'photo'));
  end if;
  -- A re-crop replaces the photo's hashes (an original it had stays) and keeps its time.
  delete from public.listing_photo_hashes h where h.photo_id = ph.id and h.variant <> 'original' and hashes <> '{}'::jsonb;
  if hashes <> '{}'::jsonb then
    insert into public.listing_photo_hashes (photo_id, variant, listing_id, user_id, phash, created_at)
    select ph.id, e.key, ph.listing_id, owner, ('x' || e.value)::bit(64)::bigint, ph.created_at
      from jsonb_each_text(hashes) e
    on conflict on constraint listing_photo_hashes_pkey do update set phash = excluded.phash;
    select * into match from private.similar_photos(hashes, owner, private.duplicate_photo_max_distance(), ph.created_at) limit 1;
  end if;
  if match.photo_id is not null then
    perform private.hold_listing(ph.listing_id, 'duplicate_photo', jsonb_build_object(
      'photo_id', ph.id, 'other_photo_id', match.photo_id, 'other_listing_id', match.listing_id, 'distance', match.distance,
      'variant', match.variant, 'other_variant', match.stored_variant));
  end if;
  return jsonb_build_object('review_status', (select l.review_status from public.listings l where l.id = ph.listing_id),
                            'distance', match.distance);
end
$$;

revoke execute on function private.record_photo_hash(uuid, jsonb) from public, anon, authenticated;
grant execute on function private.record_photo_hash(uuid, jsonb) to service_role;

/** The API's entry point to private.record_photo_hash (service role: the upload function). */
create or replace function public.record_photo_hash(p_photo_id uuid, p_hashes jsonb) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.record_photo_hash(p_photo_id, p_hashes)
$$;

revoke execute on function public.record_photo_hash(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.record_photo_hash(uuid, jsonb) to service_role;

-- ---------------------------------------------------------------------------------------
-- 'Da approvare': the queue and the staff decisions

/**
 * Staff: the listings waiting for review, oldest first, each with why (its open holds and
 * their details), the owner, its photos and, for a duplicate, the other account's photo, so
 * the panel shows both side by side with the distance.
 */
create or replace function private.review_queue() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', l.id, 'title', l.title, 'city', l.city, 'category', l.category, 'slug', l.slug,
      'submitted_at', coalesce(l.review_submitted_at, l.created_at),
      'owner', jsonb_build_object('id', p.id, 'email', p.email, 'display_name', p.display_name),
      'photos', (select coalesce(jsonb_agg(jsonb_build_object('id', ph.id, 'url', ph.url) order by ph.is_primary desc, ph.created_at, ph.id), '[]')
                   from public.listing_photos ph where ph.listing_id = l.id),
      'reasons', (select jsonb_agg(jsonb_build_object('reason', h.reason, 'since', h.created_at,
                    'details', case when h.reason = 'duplicate_photo' then jsonb_build_object('matches', (
                      select coalesce(jsonb_agg(m || jsonb_build_object(
                        'photo_url', (select x.url from public.listing_photos x where x.id = (m ->> 'photo_id')::uuid),
                        'other_photo_url', (select x.url from public.listing_photos x where x.id = (m ->> 'other_photo_id')::uuid),
                        'other_listing_title', (select x.title from public.listings x where x.id = (m ->> 'other_listing_id')::uuid),
                        'other_owner_email', (select pr.email from public.listings x join public.profiles pr on pr.id = x.user_id
                                               where x.id = (m ->> 'other_listing_id')::uuid))), '[]')
                        from jsonb_array_elements(h.details -> 'matches') m))
                    else h.details end) order by h.created_at, h.id)
                    from public.listing_review_holds h where h.listing_id = l.id and h.resolved_at is null))
      order by coalesce(l.review_submitted_at, l.created_at), l.id)
      from public.listings l join public.profiles p on p.id = l.user_id
     where l.review_status = 'pending'), '[]'::jsonb);
end
$$;

revoke execute on function private.review_queue() from public, anon;
grant execute on function private.review_queue() to authenticated, service_role;

/**
 * Staff: approves a waiting listing (public from now, when not paused or expired) or refuses
 * it with a reason. A refusal is a statement of reasons: the owner is told why and that the
 * decision can be contested through support (as a ban), and what the listing was charged for
 * time it never spent public comes back, once (private.review_refund; a listing_refund line
 * in the wallet). Closes every open hold.
 */
create or replace function private.decide_listing_review(p_listing_id uuid, p_approve boolean, p_reason text default null)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  v_reason text := private.staff_decision_reason(p_approve, p_reason);
  approve boolean := coalesce(p_approve, false);
  l public.listings;
  charged integer;
  held timestamptz;
  unused interval;
  periods integer;
  period interval := make_interval(days => private.setting_int('listing_duration_days', 30));
begin
  select * into l from public.listings where id = p_listing_id for update;
  if not found or l.review_status <> 'pending' then
    raise exception 'Annuncio non in attesa di revisione.' using errcode = 'P0001', detail = 'not_pending';
  end if;
  update public.listing_review_holds
     set resolved_at = now(), resolved_by = uid, decision = case when approve then 'approved' else 'rejected' end
   where listing_id = l.id and resolved_at is null;
  update public.listings set review_status = case when approve then 'approved' else 'rejected' end
   where id = l.id returning * into l;
  if approve then
    perform private.tell_staff_decision(l, l.user_id, 'listing_approved',
      'Il tuo annuncio "' || left(l.title, 120) || '" è stato approvato ed è ora visibile.',
      jsonb_build_object('review_status', l.review_status), v_reason);
  else
    -- The paid time the listing never spent public: from when it was last held (its creation,
    -- if it never was public) to its paid end (a paused listing: the time it had left), in
    -- whole periods (one public for less than a day counts as never public). Those periods
    -- are what its latest charges (creation, renewals, automatic renewals) bought; less what
    -- earlier refusals gave back, so a listing refused again is not refunded twice.
    held := coalesce(l.review_submitted_at, l.created_at);
    unused := case when l.is_paused
                   then coalesce(l.remaining_expires_at_duration, interval '0') + greatest(l.paused_at - held, interval '0')
                   else greatest(l.expires_at - held, interval '0') end;
    periods := floor((extract(epoch from unused) + 86400) / extract(epoch from period))::integer;
    select coalesce(-sum(c.amount), 0) into charged from (
      select t.amount from public.credit_transactions t
       where t.listing_id = l.id and t.type in ('listing_creation', 'auto_renewal') and t.amount < 0
       order by t.created_at desc, t.id desc
       limit periods) c;
    charged := charged - (select coalesce(sum(t.amount), 0) from public.credit_transactions t
                           where t.listing_id = l.id and t.type = 'listing_refund');
    if charged > 0 then
      perform private.add_credits(l.user_id, charged, 'listing_refund', 'Rimborso pubblicazione: ' || l.title, null, l.id);
    end if;
    perform private.tell_staff_decision(l, l.user_id, 'listing_rejected',
      'Il tuo annuncio "' || left(l.title, 120) || '" non è stato approvato: ' || private.as_sentence(v_reason)
      || case when charged > 0 then ' Ti abbiamo restituito ' || charged || ' crediti.' else '' end
      || ' Puoi contestare la decisione scrivendo al supporto.',
      jsonb_build_object('review_status', l.review_status), v_reason);
  end if;
  return l;
end
$$;

revoke execute on function private.decide_listing_review(uuid, boolean, text) from public, anon;
grant execute on function private.decide_listing_review(uuid, boolean, text) to authenticated, service_role;

/**
 * Staff: a refused listing stays refused whatever its owner edits (she contests through
 * support); only staff put it back in 'Da approvare', for a new decision. Its owner is told;
 * the Registro keeps it with the optional note. A later refusal refunds only what the first
 * did not (decide_listing_review).
 */
create or replace function private.reopen_listing_review(p_listing_id uuid, p_reason text default null)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  l public.listings;
begin
  select * into l from public.listings where id = p_listing_id for update;
  if not found or l.review_status <> 'rejected' then
    raise exception 'Solo un annuncio rifiutato può tornare in revisione.' using errcode = 'P0001', detail = 'not_rejected';
  end if;
  update public.listings set review_status = 'pending', review_submitted_at = now()
   where id = l.id returning * into l;
  perform private.tell_staff_decision(l, l.user_id, 'listing_reopened',
    'Il tuo annuncio "' || left(l.title, 120) || '" è di nuovo in revisione: lo staff lo riesaminerà.',
    jsonb_build_object('review_status', l.review_status, 'by', uid), nullif(trim(coalesce(p_reason, '')), ''));
  return l;
end
$$;

revoke execute on function private.reopen_listing_review(uuid, text) from public, anon;
grant execute on function private.reopen_listing_review(uuid, text) to authenticated, service_role;

/** The API's entry point to private.reopen_listing_review, the SECURITY DEFINER body. */
create or replace function public.reopen_listing_review(p_listing_id uuid, p_reason text default null)
returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.reopen_listing_review(p_listing_id, p_reason)
$$;

revoke execute on function public.reopen_listing_review(uuid, text) from public, anon;
grant execute on function public.reopen_listing_review(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- What a waiting or refused listing cannot do

/**
 * Why: a listing waiting for review or refused is not public, so promoting it, renewing it
 * automatically, making it 'Disponibile ora' or pausing it would charge or count time for
 * nothing. The one Italian sentence the card shows beside the disabled action (verbatim);
 * null when the action is allowed. p_action: 'promote', 'auto_renew', 'available_now',
 * 'pause' or 'renew' (a refused listing only: a waiting one may be renewed, its clock runs).
 */
create or replace function private.review_block_reason(p_review_status text, p_action text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_review_status = 'pending' and p_action <> 'renew' then 'L''annuncio è in revisione: potrai '
      || case p_action when 'promote' then 'promuoverlo'
                       when 'auto_renew' then 'attivare il rinnovo automatico'
                       when 'available_now' then 'usare "Disponibile ora"'
                       else 'metterlo in pausa' end
      || ' dopo l''approvazione.'
    when p_review_status = 'rejected' then 'L''annuncio è stato rifiutato: non puoi '
      || case p_action when 'promote' then 'promuoverlo'
                       when 'auto_renew' then 'attivare il rinnovo automatico'
                       when 'available_now' then 'usare "Disponibile ora"'
                       when 'renew' then 'rinnovarlo'
                       else 'metterlo in pausa' end
      || ', ma puoi contestare la decisione scrivendo al supporto.'
  end
$$;

/**
 * Refuses p_action on a listing in p_review_status with review_block_reason's sentence:
 * detail 'listing_under_review' (waiting) or 'listing_rejected' (refused).
 */
create or replace function private.require_reviewed_listing(p_review_status text, p_action text) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  why text := private.review_block_reason(p_review_status, p_action);
begin
  if why is not null then
    raise exception '%', why using errcode = 'P0001',
      detail = case when p_review_status = 'rejected' then 'listing_rejected' else 'listing_under_review' end;
  end if;
end
$$;

revoke execute on function private.review_block_reason(text, text) from public, anon, authenticated;
revoke execute on function private.require_reviewed_listing(text, text) from public, anon, authenticated;

/** The API's entry point to private.review_queue, the SECURITY DEFINER body. */
create or replace function public.review_queue() returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.review_queue()
$$;

/** The API's entry point to private.decide_listing_review, the SECURITY DEFINER body. */
create or replace function public.decide_listing_review(p_listing_id uuid, p_approve boolean, p_reason text default null)
returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.decide_listing_review(p_listing_id, p_approve, p_reason)
$$;

revoke execute on function public.review_queue() from public, anon;
revoke execute on function public.decide_listing_review(uuid, boolean, text) from public, anon;
grant execute on function public.review_queue(), public.decide_listing_review(uuid, boolean, text) to authenticated, service_role;
