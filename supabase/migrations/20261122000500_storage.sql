-- The listing_photos bucket: public download by URL (/object/public/ serves a public bucket
-- without RLS, on Supabase as locally), but no listing: only the owner (and staff) may list or
-- select object rows. Writes only under {auth.uid()}/{listingId}/ by the listing's owner (not
-- banned); 10 MB; jpeg/png/webp. Staff may delete any file.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing_photos', 'listing_photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

/** True when the caller (not banned) owns the listing named by an object path {uid}/{listingId}/file. */
create or replace function private.can_write_listing_photo_path(p_name text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := storage.foldername(p_name);
  uid uuid := auth.uid();
begin
  if uid is null or coalesce(array_length(parts, 1), 0) <> 2 or parts[1] <> uid::text then
    return false;
  end if;
  if parts[2] !~ '^[0-9a-fA-F-]{36}$' then
    return false;
  end if;
  return private.current_user_can_write()
     and exists (select 1 from public.listings l where l.id = parts[2]::uuid and l.user_id = uid);
end
$$;

revoke execute on function private.can_write_listing_photo_path(text) from public, anon;
grant execute on function private.can_write_listing_photo_path(text) to authenticated, service_role;

drop policy if exists "Anyone can read listing photos" on storage.objects;
drop policy if exists "Owners and staff can read listing photo objects" on storage.objects;
create policy "Owners and staff can read listing photo objects" on storage.objects
  for select to authenticated
  using (bucket_id = 'listing_photos'
         and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.current_role_is_staff())));

drop policy if exists "Owners can upload photos of their listings" on storage.objects;
create policy "Owners can upload photos of their listings" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'listing_photos' and private.can_write_listing_photo_path(name));

drop policy if exists "Owners can replace photos of their listings" on storage.objects;
create policy "Owners can replace photos of their listings" on storage.objects
  for update to authenticated
  using (bucket_id = 'listing_photos' and private.can_write_listing_photo_path(name))
  with check (bucket_id = 'listing_photos' and private.can_write_listing_photo_path(name));

drop policy if exists "Owners and staff can delete listing photos" on storage.objects;
create policy "Owners and staff can delete listing photos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'listing_photos'
         and ((select private.current_role_is_staff())
              or ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.current_user_can_write()))));

-- ---------------------------------------------------------------------------------------
-- Writes that skip RLS: an upload through a signed upload URL runs as the
-- storage service with the signer as owner, so RLS is not asked again. This trigger is: the
-- owner recorded on the object must still be allowed to write under that listing folder, so
-- a URL signed before a ban, or before the listing was deleted, stops working.

/** Refuses a listing photo object whose owner is banned or does not own the listing folder. */
create or replace function private.check_listing_photo_object_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id text := coalesce(new.owner_id, new.owner::text);
  parts text[] := storage.foldername(new.name);
  r text;
begin
  if new.bucket_id <> 'listing_photos' or owner_id is null then
    return new;
  end if;
  select p.role into r from public.profiles p where p.id::text = owner_id;
  if r = 'banned' then
    raise exception 'Il tuo account è sospeso: non puoi caricare foto.' using errcode = '42501', detail = 'banned';
  end if;
  if r is null or coalesce(array_length(parts, 1), 0) <> 2 or parts[1] <> owner_id
     or not exists (select 1 from public.listings l where l.id::text = parts[2] and l.user_id::text = owner_id) then
    raise exception 'Puoi caricare foto solo nella cartella dei tuoi annunci.' using errcode = '42501', detail = 'forbidden';
  end if;
  return new;
end
$$;

revoke execute on function private.check_listing_photo_object_owner() from public, anon, authenticated;

drop trigger if exists listing_photo_objects_check_owner on storage.objects;
create trigger listing_photo_objects_check_owner before insert or update of bucket_id, name, owner, owner_id, version on storage.objects
  for each row execute function private.check_listing_photo_object_owner();

-- ---------------------------------------------------------------------------------------
-- Photo addresses: listing_photos.url and original_url are shown to
-- every visitor, so they may only be this project's public URL of a file in the listing's
-- folder: {project_url}/storage/v1/object/public/listing_photos/{owner id}/{listing id}/{file}
-- (what storage-js getPublicUrl builds); storage_path and original_path the same object
-- keys. The project's address is the Vault secret 'project_url' (docs/deploy.md).

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

/** Refuses photo addresses that are not this project's storage objects in the listing owner's folder. */
create or replace function private.check_listing_photo_urls() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text := private.project_url();
  folder text;
  public_prefix text;
  file_re constant text := '^[A-Za-z0-9._~%-]+$';
begin
  if base is null then
    raise exception 'Configurazione mancante: l''indirizzo del progetto (Vault project_url) non è impostato.'
      using errcode = 'P0001', detail = 'project_url_missing';
  end if;
  select l.user_id::text || '/' || l.id::text || '/' into folder from public.listings l where l.id = new.listing_id;
  if folder is null then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;
  public_prefix := base || '/storage/v1/object/public/listing_photos/' || folder;
  if not (left(new.url, length(public_prefix)) = public_prefix and substr(new.url, length(public_prefix) + 1) ~ file_re)
     or not (new.original_url is null
             or (left(new.original_url, length(public_prefix)) = public_prefix and substr(new.original_url, length(public_prefix) + 1) ~ file_re))
     or not (new.storage_path is null or (left(new.storage_path, length(folder)) = folder and substr(new.storage_path, length(folder) + 1) ~ file_re))
     or not (new.original_path is null or (left(new.original_path, length(folder)) = folder and substr(new.original_path, length(folder) + 1) ~ file_re)) then
    raise exception 'Indirizzo della foto non valido: sono accettate solo le foto caricate nella cartella dell''annuncio.'
      using errcode = 'P0001', detail = 'invalid_photo_url';
  end if;
  return new;
end
$$;

revoke execute on function private.project_url() from public, anon, authenticated;
revoke execute on function private.check_listing_photo_urls() from public, anon, authenticated;

create trigger listing_photos_check_urls before insert or update of listing_id, url, original_url, storage_path, original_path
  on public.listing_photos
  for each row execute function private.check_listing_photo_urls();
