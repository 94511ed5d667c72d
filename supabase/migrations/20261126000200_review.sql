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
 * one open row per reason; a duplicate photo's matches accumulate in details.matches.
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
   where id = p_listing_id;
  if not found then
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

/**
 * Why: a new advertiser's listings wait for staff, a trusted one's are public at once. Trusted
 * = an approved listing, or photos verified by staff (listings.photos_verified_at, read from the
 * row's JSON so this works before and after the verification migration adds it), and no report
 * upheld by staff ('reviewed') against any of the advertiser's listings in the last 30 days.
 */
create or replace function private.advertiser_is_trusted(p_user_id uuid) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.listings l
                  where l.user_id = p_user_id
                    and (l.review_status = 'approved' or to_jsonb(l) ->> 'photos_verified_at' is not null))
     and not exists (select 1 from public.listing_reports r join public.listings l on l.id = r.listing_id
                      where l.user_id = p_user_id and r.status = 'reviewed'
                        and coalesce(r.reviewed_at, r.created_at) > now() - interval '30 days');
end
$$;

revoke execute on function private.advertiser_is_trusted(uuid) from public, anon, authenticated;

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

-- One 64-bit pHash per stored crop, computed by the listing-photo function from the stored
-- bytes (never sent by a browser). Staff only: a visitor must not learn it. Its five bands
-- (13, 13, 13, 13 and 12 bits) index the search for near copies (multi-index hashing,
-- docs/decisions.md).
create table public.listing_photo_hashes (
  photo_id uuid primary key references public.listing_photos (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  phash bigint not null,
  band0 integer generated always as (((phash >> 51) & 8191)::integer) stored,
  band1 integer generated always as (((phash >> 38) & 8191)::integer) stored,
  band2 integer generated always as (((phash >> 25) & 8191)::integer) stored,
  band3 integer generated always as (((phash >> 12) & 8191)::integer) stored,
  band4 integer generated always as ((phash & 4095)::integer) stored,
  created_at timestamptz not null default now()
);

comment on table public.listing_photo_hashes is 'The perceptual hash (pHash, 64 bits) of each stored listing photo, with its five bands indexed; staff only.';

-- Each band's index carries the hash, so the candidates a probe finds are measured against
-- the new hash from the index alone (index-only scans); only the few within the distance
-- are read from the table, through the hash's own index.
create index listing_photo_hashes_band0_idx on public.listing_photo_hashes (band0) include (phash);
create index listing_photo_hashes_band1_idx on public.listing_photo_hashes (band1) include (phash);
create index listing_photo_hashes_band2_idx on public.listing_photo_hashes (band2) include (phash);
create index listing_photo_hashes_band3_idx on public.listing_photo_hashes (band3) include (phash);
create index listing_photo_hashes_band4_idx on public.listing_photo_hashes (band4) include (phash);
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
 * Why: the values of a p_bits-wide band within p_radius (0 or 1) bits of p_band (for 13 bits
 * and radius 1: 14 values). By the pigeonhole principle two hashes within 5 * (p_radius + 1) - 1
 * bits agree within p_radius bits on at least one of their five bands, so probing these
 * values finds them all.
 */
create or replace function private.phash_band_probes(p_band integer, p_bits integer, p_radius integer) returns integer[]
language sql
immutable
set search_path = ''
as $$
  select array_agg(v) from (
    select p_band as v
    union all
    select p_band # (1 << i) from generate_series(0, p_bits - 1) i where p_radius >= 1
  ) x
$$;

revoke execute on function private.phash_band_probes(integer, integer, integer) from public, anon, authenticated;

/** The largest Hamming distance between two pHashes that counts as the same photo (docs/decisions.md). */
create or replace function private.duplicate_photo_max_distance() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- 8: chosen on the test set (DUPLICATE_MAX_DISTANCE in supabase/functions/_shared/image/phash.ts);
  -- at most 9, the farthest the band probes (radius 1 on five bands) are sure to find.
  return least(greatest(private.setting_int('duplicate_photo_max_distance', 8), 0), 9);
end
$$;

revoke execute on function private.duplicate_photo_max_distance() from public, anon, authenticated;

/**
 * Why: the one duplicate check, for the upload path and the bench: the photos of OTHER
 * accounts whose pHash is within p_max_distance (at most 9) bits of p_hash, nearest first.
 * 69 probes of the bands' indexes find the candidates, bit_count(a # b) on the hash they
 * carry keeps the near ones, and only those rows are read.
 */
create or replace function private.similar_photos(p_hash bigint, p_user_id uuid, p_max_distance integer)
returns table (photo_id uuid, listing_id uuid, distance integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  r integer := case when p_max_distance >= 5 then 1 else 0 end;
  p0 integer[] := private.phash_band_probes(((p_hash >> 51) & 8191)::integer, 13, r);
  p1 integer[] := private.phash_band_probes(((p_hash >> 38) & 8191)::integer, 13, r);
  p2 integer[] := private.phash_band_probes(((p_hash >> 25) & 8191)::integer, 13, r);
  p3 integer[] := private.phash_band_probes(((p_hash >> 12) & 8191)::integer, 13, r);
  p4 integer[] := private.phash_band_probes((p_hash & 4095)::integer, 12, r);
begin
  return query
  with candidates as (
    select h.phash from public.listing_photo_hashes h where h.band0 = any (p0)
    union all select h.phash from public.listing_photo_hashes h where h.band1 = any (p1)
    union all select h.phash from public.listing_photo_hashes h where h.band2 = any (p2)
    union all select h.phash from public.listing_photo_hashes h where h.band3 = any (p3)
    union all select h.phash from public.listing_photo_hashes h where h.band4 = any (p4)
  ), near as (
    select distinct c.phash from candidates c where bit_count((c.phash # p_hash)::bit(64)) <= least(p_max_distance, 9)
  )
  select h.photo_id, h.listing_id, bit_count((h.phash # p_hash)::bit(64))::integer as d
    from near join public.listing_photo_hashes h on h.phash = near.phash
   where h.user_id is distinct from p_user_id
   order by d, h.created_at
   limit 10;
end
$$;

revoke execute on function private.similar_photos(bigint, uuid, integer) from public, anon, authenticated;
grant execute on function private.similar_photos(bigint, uuid, integer) to service_role;

/**
 * The listing-photo function's last step after storing a crop: records the pHash it computed
 * from the stored bytes (16 hex digits; null for a flat picture, which has none) and, when a
 * photo of another account is within duplicate_photo_max_distance, holds the listing
 * ('duplicate_photo' with both photos and the distance). A new photo or crop by an advertiser
 * who is not trusted sends an approved listing back to review, as a text edit does (here, not
 * in a trigger: the seed's photos are no owner's edit). Returns {review_status, distance}.
 */
create or replace function private.record_photo_hash(p_photo_id uuid, p_hash text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  h bigint;
  ph public.listing_photos;
  owner uuid;
  match record;
begin
  select null::uuid as photo_id, null::uuid as listing_id, null::integer as distance into match;
  if p_hash is not null and p_hash !~ '^[0-9a-f]{16}$' then
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
  if p_hash is not null then
    h := ('x' || p_hash)::bit(64)::bigint;
    insert into public.listing_photo_hashes (photo_id, listing_id, user_id, phash)
    values (ph.id, ph.listing_id, owner, h)
    on conflict (photo_id) do update set phash = excluded.phash, created_at = now();
    select * into match from private.similar_photos(h, owner, private.duplicate_photo_max_distance()) limit 1;
  end if;
  if match.photo_id is not null then
    perform private.hold_listing(ph.listing_id, 'duplicate_photo', jsonb_build_object(
      'photo_id', ph.id, 'other_photo_id', match.photo_id, 'other_listing_id', match.listing_id, 'distance', match.distance));
  end if;
  return jsonb_build_object('review_status', (select l.review_status from public.listings l where l.id = ph.listing_id),
                            'distance', match.distance);
end
$$;

revoke execute on function private.record_photo_hash(uuid, text) from public, anon, authenticated;
grant execute on function private.record_photo_hash(uuid, text) to service_role;

/** The API's entry point to private.record_photo_hash (service role: the upload function). */
create or replace function public.record_photo_hash(p_photo_id uuid, p_hash text) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.record_photo_hash(p_photo_id, p_hash)
$$;

revoke execute on function public.record_photo_hash(uuid, text) from public, anon, authenticated;
grant execute on function public.record_photo_hash(uuid, text) to service_role;

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
 * decision can be contested through support (as a ban), and the publication cost the listing
 * was charged comes back (a listing_refund line in the wallet). Closes every open hold.
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
    -- What this listing's publication cost, less what was already given back.
    select coalesce(-sum(t.amount), 0) into charged from public.credit_transactions t
     where t.listing_id = l.id and t.type in ('listing_creation', 'listing_refund');
    if charged > 0 then
      perform private.add_credits(l.user_id, charged, 'listing_refund', 'Rimborso pubblicazione: ' || l.title, null, l.id);
    end if;
    perform private.tell_staff_decision(l, l.user_id, 'listing_rejected',
      'Il tuo annuncio "' || left(l.title, 120) || '" non è stato approvato: ' || v_reason
      || case when charged > 0 then '. Ti abbiamo restituito ' || charged || ' crediti' else '' end
      || '. Puoi contestare la decisione scrivendo al supporto.',
      jsonb_build_object('review_status', l.review_status), v_reason);
  end if;
  return l;
end
$$;

revoke execute on function private.decide_listing_review(uuid, boolean, text) from public, anon;
grant execute on function private.decide_listing_review(uuid, boolean, text) to authenticated, service_role;

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
