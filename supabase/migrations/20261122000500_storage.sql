-- The listing_photos bucket: public read; writes only under {auth.uid()}/{listingId}/ by
-- the listing's owner (not banned); 10 MB; jpeg/png/webp. Staff may delete any file.

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
create policy "Anyone can read listing photos" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'listing_photos');

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
