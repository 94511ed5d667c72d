-- Photo files. Three buckets: listing_photos (public: the 4:5 crops of approved listings,
-- downloaded by URL), listing_photos_held (private: the crops of listings waiting for review
-- or refused, under the same keys; see "Held crops" below) and listing_originals (private:
-- the uncropped sources). Owners and staff read the private ones through short-lived signed
-- URLs. Files are named {userId}/{listingId}/{random uuid}.{ext}.
-- Clients never write either bucket: the listing-photo Edge Function checks and cleans every
-- file and writes with the service role. Files die with their rows: triggers queue them and
-- the storage-cleanup Edge Function removes them through the Storage API (Supabase does not
-- let SQL delete storage files).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing_photos', 'listing_photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
       ('listing_photos_held', 'listing_photos_held', false, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
       ('listing_originals', 'listing_originals', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Only SELECT, for the owner (first folder = their id) and staff: listing a folder and signing
-- an original's URL; verification selfies (verification migration) for staff alone. No
-- insert, update or delete policy: every client write is refused.
drop policy if exists "Owners and staff can read listing photo files" on storage.objects;
create policy "Owners and staff can read listing photo files" on storage.objects
  for select to authenticated
  using ((bucket_id in ('listing_photos', 'listing_photos_held', 'listing_originals')
          and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.current_role_is_staff())))
         or (bucket_id = 'verification_selfies' and (select private.current_role_is_staff())));

/** The bucket a listing's crops belong in: public while the listing is approved, held otherwise (issue 41). */
create or replace function private.crop_bucket(p_review_status text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_review_status = 'approved' then 'listing_photos' else 'listing_photos_held' end
$$;

revoke execute on function private.crop_bucket(text) from public, anon, authenticated;

/**
 * The files of a photo's renditions (issue 44), stored beside its crop and moved and deleted
 * with it: its prefix followed by each of RENDITION_SUFFIXES and AVIF_SUFFIXES
 * (supabase/functions/_shared/image/renditions.ts; tests/db/photo-renditions.test.ts deletes
 * and moves every one). Exact names, so Storage's index finds them. Empty without renditions.
 */
create or replace function private.rendition_files(p_renditions text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select case when p_renditions is null then '{}'::text[]
              else array(select p_renditions || s from unnest(array['-360.webp', '-540.webp', '-720.webp', '-1080.webp', '-720.jpg', '-360.avif', '-540.avif', '-720.avif']) with ordinality u(s, i) order by i) end
$$;

/** The renditions prefix a stored file belongs to ({folder}/{20-hex key}-{width}.webp, .jpg or .avif); null for any other file. */
create or replace function private.rendition_prefix(p_name text) returns text
language sql
immutable
set search_path = ''
as $$
  select substring(p_name from '^(.*/[0-9a-f]{20})-[0-9]+\.(?:webp|jpg|avif)$')
$$;

revoke execute on function private.rendition_files(text) from public, anon, authenticated;
revoke execute on function private.rendition_prefix(text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Photo addresses: listing_photos.url is shown to every visitor, so it may only be this
-- project's public URL of a file in the listing's folder:
-- {project_url}/storage/v1/object/public/listing_photos/{owner id}/{listing id}/{file}
-- (what storage-js getPublicUrl builds); storage_path and the original's path the same keys.
-- The project's address is the Vault secret 'project_url' (docs/deploy.md).

/** This project's public URL (Vault secret 'project_url'), without a trailing slash; null when not set. */
create or replace function private.project_url() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  url text;
begin
  if to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1' into url using 'project_url';
  return rtrim(url, '/');
end
$$;

/** The public URL of a crop, as storage-js getPublicUrl builds it. */
create or replace function private.listing_photo_url(p_storage_path text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.project_url() || '/storage/v1/object/public/listing_photos/' || p_storage_path
$$;

/** True when p_path is a plain file name directly in the listing's folder {owner id}/{listing id}/. */
create or replace function private.is_listing_file_path(p_listing_id uuid, p_path text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  folder text;
begin
  select l.user_id::text || '/' || l.id::text || '/' into folder from public.listings l where l.id = p_listing_id;
  return folder is not null and p_path is not null
     and left(p_path, length(folder)) = folder and substr(p_path, length(folder) + 1) ~ '^[A-Za-z0-9._~%-]+$';
end
$$;

/** Refuses photo addresses that are not this project's storage objects in the listing owner's folder. */
create or replace function private.check_listing_photo_urls() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- What getPublicUrl builds for a key, without the key.
  public_prefix text := private.listing_photo_url('');
  valid boolean;
begin
  if public_prefix is null then
    raise exception 'Configurazione mancante: l''indirizzo del progetto (Vault project_url) non è impostato.'
      using errcode = 'P0001', detail = 'project_url_missing';
  end if;
  if not exists (select 1 from public.listings l where l.id = new.listing_id) then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;
  -- Separate branches: an expression naming new.url cannot even be planned for an original's row.
  if tg_table_name = 'listing_photo_originals' then
    valid := private.is_listing_file_path(new.listing_id, new.storage_path);
  else
    valid := (new.storage_path is null or private.is_listing_file_path(new.listing_id, new.storage_path))
             and (new.renditions is null or private.is_listing_file_path(new.listing_id, new.renditions))
             and left(new.url, length(public_prefix)) = public_prefix
             and private.is_listing_file_path(new.listing_id, substr(new.url, length(public_prefix) + 1));
  end if;
  if not valid then
    raise exception 'Indirizzo della foto non valido: sono accettate solo le foto caricate nella cartella dell''annuncio.'
      using errcode = 'P0001', detail = 'invalid_photo_url';
  end if;
  return new;
end
$$;

revoke execute on function private.project_url() from public, anon, authenticated;
revoke execute on function private.listing_photo_url(text) from public, anon, authenticated;
revoke execute on function private.is_listing_file_path(uuid, text) from public, anon, authenticated;
revoke execute on function private.check_listing_photo_urls() from public, anon, authenticated;

create trigger listing_photos_check_urls before insert or update of listing_id, url, storage_path, renditions
  on public.listing_photos
  for each row execute function private.check_listing_photo_urls();

create trigger listing_photo_originals_check_path before insert or update of listing_id, storage_path
  on public.listing_photo_originals
  for each row execute function private.check_listing_photo_urls();

create unique index listing_photos_storage_path_idx on public.listing_photos (storage_path);
-- Not unique: the same crop twice in a listing shares its renditions (content-addressed names).
create index listing_photos_renditions_idx on public.listing_photos (renditions) where renditions is not null;
create unique index listing_photo_originals_storage_path_idx on public.listing_photo_originals (storage_path);

-- ---------------------------------------------------------------------------------------
-- Calling an Edge Function from the database. On Supabase this is a Database Webhook through
-- pg_net (schema "net"): the project URL and the service-role key come from Vault secrets
-- 'project_url' and 'service_role_key' (see docs/deploy.md). The local platform has no
-- pg_net: pg_notify('local_webhooks', {function, payload}) and the platform posts the
-- payload to the function with the service-role key. Both deliver after commit.

/** Asks Edge Function p_name to run with p_payload once this transaction commits. */
create or replace function private.call_edge_function(p_name text, p_payload jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  base_url text;
  service_key text;
begin
  if exists (select 1 from pg_catalog.pg_namespace where nspname = 'net') then
    if exists (select 1 from pg_catalog.pg_namespace where nspname = 'vault') then
      execute 'select decrypted_secret from vault.decrypted_secrets where name = $1' into base_url using 'project_url';
      execute 'select decrypted_secret from vault.decrypted_secrets where name = $1' into service_key using 'service_role_key';
    end if;
    if base_url is null or service_key is null then
      raise warning '% webhook skipped: Vault secrets project_url / service_role_key are missing', p_name;
      return;
    end if;
    execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 5000)'
      using rtrim(base_url, '/') || '/functions/v1/' || p_name,
            p_payload,
            jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
  else
    raise warning '% webhook: pg_net is not installed, so only a local listener (NOTIFY local_webhooks) is told; enable pg_net on Supabase', p_name;
    perform pg_notify('local_webhooks', jsonb_build_object('function', p_name, 'payload', p_payload)::text);
  end if;
end
$$;

revoke execute on function private.call_edge_function(text, jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Files that must go: whatever deletes a photo row (the owner through the app or REST, staff,
-- admin_delete_listing, account erasure, a cascade from its listing) or replaces a crop
-- queues the file here; storage-cleanup removes it through the Storage API.

create table private.storage_deletions (
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  primary key (bucket_id, name)
);

comment on table private.storage_deletions is 'Storage files whose rows are gone, waiting for the storage-cleanup Edge Function.';

revoke all on table private.storage_deletions from public, anon, authenticated;
-- No policy: only the SECURITY DEFINER functions below read or write it.
alter table private.storage_deletions enable row level security;

/** Asks storage-cleanup to run after commit, once per transaction (it empties the whole queue). */
create or replace function private.request_storage_cleanup() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('incontri.storage_cleanup_requested', true) = 'on' then
    return;
  end if;
  perform set_config('incontri.storage_cleanup_requested', 'on', true);
  perform private.call_edge_function('storage-cleanup', '{}'::jsonb);
end
$$;

/**
 * Queues the files of a deleted photo (its crop and renditions, or its original) or of a
 * replaced crop or replaced renditions (issue 44); with trigger arguments (bucket, key
 * column), any other row that names a stored file (the verification migration's selfies).
 */
create or replace function private.queue_listing_photo_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  bucket text := coalesce(tg_argv[0], case when tg_table_name = 'listing_photo_originals' then 'listing_originals' else 'listing_photos' end);
  key_column text := coalesce(tg_argv[1], 'storage_path');
  old_path text := to_jsonb(old) ->> key_column;
  old_renditions text := to_jsonb(old) ->> 'renditions';
  files text[] := '{}';
begin
  if old_path is not null and (tg_op = 'DELETE' or (to_jsonb(new) ->> key_column) is distinct from old_path) then
    files := array[old_path];
  end if;
  if tg_op = 'DELETE' or (to_jsonb(new) ->> 'renditions') is distinct from old_renditions then
    files := files || private.rendition_files(old_renditions);
  end if;
  if cardinality(files) = 0 then
    return null;
  end if;
  -- A crop and its renditions are in the public or the held bucket, whichever their listing's review last asked for.
  insert into private.storage_deletions (bucket_id, name)
  select coalesce(case when bucket = 'listing_photos' then
                    (select o.bucket_id from storage.objects o
                      where o.bucket_id in ('listing_photos', 'listing_photos_held') and o.name = f.name
                      order by o.bucket_id limit 1) end, bucket), f.name
    from unnest(files) f(name)
  on conflict do nothing;
  perform private.request_storage_cleanup();
  return null;
end
$$;

revoke execute on function private.request_storage_cleanup() from public, anon, authenticated;
revoke execute on function private.queue_listing_photo_files() from public, anon, authenticated;

create trigger listing_photos_queue_files after delete or update of storage_path, renditions on public.listing_photos
  for each row execute function private.queue_listing_photo_files();

create trigger listing_photo_originals_queue_files after delete or update of storage_path on public.listing_photo_originals
  for each row execute function private.queue_listing_photo_files();

/**
 * The next files to remove, oldest first. An entry whose file a row names again is dropped
 * instead: a queued name must never take a displayed photo with it (nor renditions that
 * another photo of the same crop shares, issue 44).
 */
create or replace function private.pending_storage_deletions(p_limit integer default 500)
returns table (bucket_id text, name text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.storage_deletions d
  where (d.bucket_id in ('listing_photos', 'listing_photos_held') and exists (select 1 from public.listing_photos p where p.storage_path = d.name))
     or (d.bucket_id in ('listing_photos', 'listing_photos_held') and exists (select 1 from public.listing_photos p where p.renditions = private.rendition_prefix(d.name)))
     or (d.bucket_id = 'listing_originals' and exists (select 1 from public.listing_photo_originals o where o.storage_path = d.name));
  return query
    select d.bucket_id, d.name from private.storage_deletions d
    order by d.attempts, d.queued_at, d.name
    limit least(greatest(coalesce(p_limit, 500), 1), 1000);
end
$$;

/** Removed (or already missing) files leave the queue. */
create or replace function private.complete_storage_deletions(p_bucket_id text, p_names text[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  delete from private.storage_deletions d where d.bucket_id = p_bucket_id and d.name = any (p_names);
  get diagnostics n = row_count;
  return n;
end
$$;

/** A failed removal stays queued, with its error, for the next run. */
create or replace function private.fail_storage_deletions(p_bucket_id text, p_names text[], p_error text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update private.storage_deletions d set attempts = d.attempts + 1, last_error = left(p_error, 500)
  where d.bucket_id = p_bucket_id and d.name = any (p_names);
  get diagnostics n = row_count;
  return n;
end
$$;

/**
 * The daily sweep: files of the photo and selfie buckets older than a day that no row names (an
 * upload whose row was never written, a clean-up interrupted before it queued) are queued.
 */
create or replace function private.queue_orphan_storage_files(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  insert into private.storage_deletions (bucket_id, name)
  select o.bucket_id, o.name from storage.objects o
  where o.bucket_id in ('listing_photos', 'listing_photos_held', 'listing_originals', 'verification_selfies')
    and o.created_at < p_now - interval '1 day'
    and not exists (select 1 from public.listing_photos p where o.bucket_id in ('listing_photos', 'listing_photos_held') and p.storage_path = o.name)
    and not exists (select 1 from public.listing_photos p where o.bucket_id in ('listing_photos', 'listing_photos_held') and p.renditions = private.rendition_prefix(o.name))
    and not exists (select 1 from public.listing_photo_originals x where o.bucket_id = 'listing_originals' and x.storage_path = o.name)
    and not exists (select 1 from public.photo_verifications v where o.bucket_id = 'verification_selfies' and v.selfie_path = o.name)
  on conflict do nothing;
  get diagnostics n = row_count;
  if n > 0 then
    perform private.request_storage_cleanup();
  end if;
  return n;
end
$$;

/** The minute job: asks storage-cleanup again while anything is left (a removal or a move that failed). */
create or replace function private.retry_storage_cleanup() returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from private.storage_deletions) or exists (select 1 from private.photo_moves) then
    perform private.request_storage_cleanup();
    return true;
  end if;
  return false;
end
$$;

revoke execute on function private.pending_storage_deletions(integer) from public, anon, authenticated;
revoke execute on function private.complete_storage_deletions(text, text[]) from public, anon, authenticated;
revoke execute on function private.fail_storage_deletions(text, text[], text) from public, anon, authenticated;
revoke execute on function private.queue_orphan_storage_files(timestamptz) from public, anon, authenticated;
revoke execute on function private.retry_storage_cleanup() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Held crops (issue 41): a listing's crops are in the public bucket only while it is
-- approved; while it waits for review or after a refusal they are in the private
-- listing_photos_held bucket under the same keys, which only the owner and staff read (signed
-- URLs), so nobody else fetches them, whoever holds an address. Storage serves a public bucket
-- without asking the database, so the files themselves move: listing-photo stores a new crop
-- where its listing's review says (the upload target's crop_bucket), and whatever changes
-- the review, or adds a crop on the wrong side of it, queues the listing here; storage-cleanup
-- moves the crops through the Storage API (SQL may not move storage files on Supabase).

create table private.photo_moves (
  listing_id uuid primary key references public.listings (id) on delete cascade,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text
);

comment on table private.photo_moves is 'Listings whose crops may be in the wrong bucket for their review, waiting for storage-cleanup.';

revoke all on table private.photo_moves from public, anon, authenticated;
-- No policy: only the SECURITY DEFINER functions below read or write it.
alter table private.photo_moves enable row level security;

/**
 * Why: a listing that leaves or reaches 'approved' has every crop in the wrong bucket; a crop
 * (or renditions, issue 44: the backfill's too) stored for a listing whose review changed
 * between the upload's target and its row is too.
 * Queues the listing and asks storage-cleanup to run after commit.
 */
create or replace function private.queue_photo_moves() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing uuid;
begin
  -- Separate branches: an expression naming new.listing_id cannot even be planned for a listing's row.
  if tg_table_name = 'listings' then
    listing := new.id;
  else
    listing := new.listing_id;
    if not exists (select 1 from public.listings l
                     join storage.objects o on o.name = any (array[new.storage_path] || private.rendition_files(new.renditions))
                    where l.id = listing and o.bucket_id in ('listing_photos', 'listing_photos_held')
                      and o.bucket_id <> private.crop_bucket(l.review_status)) then
      return null;
    end if;
  end if;
  insert into private.photo_moves (listing_id) values (listing) on conflict do nothing;
  perform private.request_storage_cleanup();
  return null;
end
$$;

revoke execute on function private.queue_photo_moves() from public, anon, authenticated;

create trigger listings_queue_photo_moves after update of review_status on public.listings
  for each row when ((old.review_status = 'approved') is distinct from (new.review_status = 'approved'))
  execute function private.queue_photo_moves();

-- avif: photo-avif stores the AVIF files where the crop was when it read it; a review that moved
-- the listing meanwhile leaves them to this move.
create trigger listing_photos_queue_moves after insert or update of storage_path, renditions, avif on public.listing_photos
  for each row when (new.storage_path is not null)
  execute function private.queue_photo_moves();

-- ---------------------------------------------------------------------------------------
-- AVIF renditions (docs/decisions/0514-avif-encoded-by-the-browser.md): the browser encodes
-- them after the upload and photo-avif stores them once they match the crop, then sets avif.

/** Renditions that change have no AVIF of them yet, unless the same statement says so (the seed and the backfill make both). */
create or replace function private.reset_photo_avif() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.renditions is distinct from old.renditions and new.avif = old.avif then
    new.avif := false;
  end if;
  return new;
end
$$;

revoke execute on function private.reset_photo_avif() from public, anon, authenticated;

create trigger listing_photos_reset_avif before update of renditions on public.listing_photos
  for each row execute function private.reset_photo_avif();

/**
 * The next files to move, queued listings first to last: each crop or rendition (issue 44)
 * stored in the other bucket than its listing's review asks for. Queued listings with nothing
 * left to move (or gone) leave the queue first, so a run that moved everything ends with an
 * empty queue.
 */
create or replace function private.pending_photo_moves(p_limit integer default 500)
returns table (listing_id uuid, name text, from_bucket text, to_bucket text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.photo_moves m
  where not exists (select 1 from public.listings l
                      join public.listing_photos p on p.listing_id = l.id
                      cross join lateral unnest(array[p.storage_path] || private.rendition_files(p.renditions)) f(name)
                      join storage.objects o on o.name = f.name and o.bucket_id in ('listing_photos', 'listing_photos_held')
                     where l.id = m.listing_id and o.bucket_id <> private.crop_bucket(l.review_status));
  return query
    select l.id, f.name, o.bucket_id::text, private.crop_bucket(l.review_status)
      from private.photo_moves m
      join public.listings l on l.id = m.listing_id
      join public.listing_photos p on p.listing_id = l.id
      cross join lateral unnest(array[p.storage_path] || private.rendition_files(p.renditions)) f(name)
      join storage.objects o on o.name = f.name and o.bucket_id in ('listing_photos', 'listing_photos_held')
     where o.bucket_id <> private.crop_bucket(l.review_status)
     order by m.attempts, m.queued_at, l.id, f.name
     limit least(greatest(coalesce(p_limit, 500), 1), 1000);
end
$$;

/** A failed move stays queued, with its error, for the next run (the minute job asks again). */
create or replace function private.fail_photo_moves(p_listing_ids uuid[], p_error text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update private.photo_moves m set attempts = m.attempts + 1, last_error = left(p_error, 500)
  where m.listing_id = any (p_listing_ids);
  get diagnostics n = row_count;
  return n;
end
$$;

revoke execute on function private.pending_photo_moves(integer) from public, anon, authenticated;
revoke execute on function private.fail_photo_moves(uuid[], text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The upload path's rules: who may add or re-crop a photo of which listing. The
-- listing-photo Edge Function asks first as the caller (before any byte is stored), then
-- writes the rows with the service role, which checks again.

/**
 * Refuses a banned user, a missing or foreign listing, a full listing (new photo) or a foreign
 * photo (re-crop); answers the bucket the crop is stored in (its listing's review).
 */
create or replace function private.check_listing_photo_write(p_user_id uuid, p_listing_id uuid, p_photo_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  owner_id uuid;
  review text;
  n integer;
  max_photos integer := private.setting_int('max_photos_per_listing', 5);
begin
  if exists (select 1 from public.profiles p where p.id = p_user_id and p.role = 'banned') then
    raise exception 'Il tuo account è sospeso: non puoi caricare foto.' using errcode = '42501', detail = 'banned';
  end if;
  select l.user_id, l.review_status into owner_id, review from public.listings l where l.id = p_listing_id;
  -- Someone else's waiting or refused listing is as unknown as a made-up id (issue 41).
  if not found or (owner_id is distinct from p_user_id and review <> 'approved') then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;
  if owner_id is distinct from p_user_id then
    raise exception 'Puoi caricare foto solo nei tuoi annunci.' using errcode = '42501', detail = 'forbidden';
  end if;
  select count(*) into n from public.listing_photos p where p.listing_id = p_listing_id;
  if p_photo_id is null and n >= max_photos then
    raise exception 'Puoi caricare al massimo % foto per annuncio.', max_photos using errcode = 'P0001', detail = 'too_many_photos';
  end if;
  if p_photo_id is not null and not exists (select 1 from public.listing_photos p where p.id = p_photo_id and p.listing_id = p_listing_id) then
    raise exception 'Foto non trovata.' using errcode = 'P0001', detail = 'photo_not_found';
  end if;
  return jsonb_build_object('user_id', p_user_id, 'listing_id', p_listing_id, 'photo_id', p_photo_id, 'photos', n, 'max_photos', max_photos,
    'crop_bucket', private.crop_bucket(review));
end
$$;

/** The caller's permission to upload into a listing, asked before the bytes are stored. */
create or replace function private.listing_photo_upload_target(p_listing_id uuid, p_photo_id uuid default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Utente non autenticato.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  return private.check_listing_photo_write(auth.uid(), p_listing_id, p_photo_id);
end
$$;


/**
 * A new photo: its row (the first becomes primary; the limit trigger checks again under a
 * lock) with its renditions' prefix and placeholder (issue 44), and its original's row.
 */
create or replace function private.add_listing_photo(p_user_id uuid, p_listing_id uuid, p_storage_path text, p_original_path text,
  p_renditions text default null, p_placeholder text default null)
returns public.listing_photos
language plpgsql
security definer
set search_path = ''
as $$
declare
  photo public.listing_photos;
begin
  perform private.check_listing_photo_write(p_user_id, p_listing_id, null);
  insert into public.listing_photos (listing_id, url, storage_path, renditions, placeholder)
  values (p_listing_id, private.listing_photo_url(p_storage_path), p_storage_path, p_renditions, p_placeholder)
  returning * into photo;
  insert into public.listing_photo_originals (photo_id, listing_id, storage_path) values (photo.id, p_listing_id, p_original_path);
  return photo;
end
$$;

/** A re-crop: the photo's new crop, renditions and placeholder; the old files are queued by the trigger. */
create or replace function private.replace_listing_photo_crop(p_user_id uuid, p_photo_id uuid, p_storage_path text,
  p_renditions text default null, p_placeholder text default null)
returns public.listing_photos
language plpgsql
security definer
set search_path = ''
as $$
declare
  photo public.listing_photos;
begin
  select * into photo from public.listing_photos p where p.id = p_photo_id for update;
  if not found then
    raise exception 'Foto non trovata.' using errcode = 'P0001', detail = 'photo_not_found';
  end if;
  perform private.check_listing_photo_write(p_user_id, photo.listing_id, p_photo_id);
  update public.listing_photos
     set url = private.listing_photo_url(p_storage_path), storage_path = p_storage_path, renditions = p_renditions, placeholder = p_placeholder
  where id = p_photo_id
  returning * into photo;
  return photo;
end
$$;

revoke execute on function private.check_listing_photo_write(uuid, uuid, uuid) from public, anon, authenticated;
revoke execute on function private.listing_photo_upload_target(uuid, uuid) from public, anon;
revoke execute on function private.add_listing_photo(uuid, uuid, text, text, text, text) from public, anon, authenticated;
revoke execute on function private.replace_listing_photo_crop(uuid, uuid, text, text, text) from public, anon, authenticated;
grant execute on function private.listing_photo_upload_target(uuid, uuid) to authenticated;

-- The API's entry points (SECURITY INVOKER wrappers of the private bodies above).

/** The API's entry point to private.listing_photo_upload_target (the caller). */
create or replace function public.listing_photo_upload_target(p_listing_id uuid, p_photo_id uuid default null) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.listing_photo_upload_target(p_listing_id, p_photo_id)
$$;

/** The API's entry point to private.add_listing_photo (service role: the upload function). */
create or replace function public.add_listing_photo(p_user_id uuid, p_listing_id uuid, p_storage_path text, p_original_path text,
  p_renditions text default null, p_placeholder text default null)
returns public.listing_photos
language sql
security invoker
set search_path = ''
as $$
  select * from private.add_listing_photo(p_user_id, p_listing_id, p_storage_path, p_original_path, p_renditions, p_placeholder)
$$;

/** The API's entry point to private.replace_listing_photo_crop (service role: the upload function). */
create or replace function public.replace_listing_photo_crop(p_user_id uuid, p_photo_id uuid, p_storage_path text,
  p_renditions text default null, p_placeholder text default null)
returns public.listing_photos
language sql
security invoker
set search_path = ''
as $$
  select * from private.replace_listing_photo_crop(p_user_id, p_photo_id, p_storage_path, p_renditions, p_placeholder)
$$;

/** The API's entry point to private.pending_storage_deletions (service role: storage-cleanup). */
create or replace function public.pending_storage_deletions(p_limit integer default 500)
returns table (bucket_id text, name text)
language sql
security invoker
set search_path = ''
as $$
  select * from private.pending_storage_deletions(p_limit)
$$;

/** The API's entry point to private.complete_storage_deletions (service role: storage-cleanup). */
create or replace function public.complete_storage_deletions(p_bucket_id text, p_names text[]) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.complete_storage_deletions(p_bucket_id, p_names)
$$;

/** The API's entry point to private.fail_storage_deletions (service role: storage-cleanup). */
create or replace function public.fail_storage_deletions(p_bucket_id text, p_names text[], p_error text) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.fail_storage_deletions(p_bucket_id, p_names, p_error)
$$;

/** The API's entry point to private.pending_photo_moves (service role: storage-cleanup). */
create or replace function public.pending_photo_moves(p_limit integer default 500)
returns table (listing_id uuid, name text, from_bucket text, to_bucket text)
language sql
security invoker
set search_path = ''
as $$
  select * from private.pending_photo_moves(p_limit)
$$;

/** The API's entry point to private.fail_photo_moves (service role: storage-cleanup). */
create or replace function public.fail_photo_moves(p_listing_ids uuid[], p_error text) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.fail_photo_moves(p_listing_ids, p_error)
$$;

/** The API's entry point to private.queue_orphan_storage_files (service role: tests and operators). */
create or replace function public.queue_orphan_storage_files(p_now timestamptz default now()) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.queue_orphan_storage_files(p_now)
$$;

revoke execute on function public.listing_photo_upload_target(uuid, uuid) from public, anon;
grant execute on function public.listing_photo_upload_target(uuid, uuid) to authenticated;
revoke execute on function public.add_listing_photo(uuid, uuid, text, text, text, text), public.replace_listing_photo_crop(uuid, uuid, text, text, text),
  public.pending_storage_deletions(integer), public.complete_storage_deletions(text, text[]),
  public.fail_storage_deletions(text, text[], text), public.queue_orphan_storage_files(timestamptz),
  public.pending_photo_moves(integer), public.fail_photo_moves(uuid[], text)
  from public, anon, authenticated;
grant execute on function public.add_listing_photo(uuid, uuid, text, text, text, text), public.replace_listing_photo_crop(uuid, uuid, text, text, text),
  public.pending_storage_deletions(integer), public.complete_storage_deletions(text, text[]),
  public.fail_storage_deletions(text, text[], text), public.queue_orphan_storage_files(timestamptz),
  public.pending_photo_moves(integer), public.fail_photo_moves(uuid[], text)
  to service_role;
grant execute on function private.add_listing_photo(uuid, uuid, text, text, text, text), private.replace_listing_photo_crop(uuid, uuid, text, text, text),
  private.pending_storage_deletions(integer), private.complete_storage_deletions(text, text[]),
  private.fail_storage_deletions(text, text[], text), private.queue_orphan_storage_files(timestamptz),
  private.pending_photo_moves(integer), private.fail_photo_moves(uuid[], text)
  to service_role;
