-- Favourites ('Preferiti'): the listings a signed-in user keeps, on every device. Visitors
-- keep theirs on the device until they sign in; the app then merges them in. Each user sees
-- and changes only their own; a banned user keeps reading his but changes nothing.

create table public.favourites (
  user_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, listing_id)
);

comment on table public.favourites is 'Listings a user keeps (Preferiti); private to the user.';

create index favourites_listing_idx on public.favourites (listing_id);

alter table public.favourites enable row level security;

revoke all on table public.favourites from anon, authenticated;
grant select, delete on table public.favourites to authenticated;
grant insert (user_id, listing_id) on table public.favourites to authenticated;

create policy "Users can read their favourites" on public.favourites
  for select to authenticated
  using (user_id = (select auth.uid()));

-- A listing waiting for review or refused is refused as an unknown id is (issue 41: 403 for
-- both, where the foreign key answered 409 for one and the insert 201 for the other).
create policy "Users can add their favourites" on public.favourites
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.current_user_can_write()) and private.listing_is_known(listing_id));

create policy "Users can remove their favourites" on public.favourites
  for delete to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()));

/**
 * Why: a user adding favourites in a loop must not grow the table without bound. Adding one
 * already kept is no addition (the insert's `on conflict do nothing` skips it): an offline
 * copy sent again at the cap still succeeds (docs/decisions/1008-offline-writes-applied-once.md).
 */
create or replace function private.limit_favourites() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One user's inserts queue here, so two parallel ones cannot both pass the count.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('favourites:' || new.user_id::text));
  if exists (select 1 from public.favourites f where f.user_id = new.user_id and f.listing_id = new.listing_id) then
    return new;
  end if;
  if (select count(*) from public.favourites f where f.user_id = new.user_id) >= 500 then
    raise exception 'Hai raggiunto il numero massimo di preferiti (500).' using errcode = 'P0001', detail = 'too_many_favourites';
  end if;
  return new;
end
$$;

revoke execute on function private.limit_favourites() from public, anon, authenticated;

create trigger favourites_limit before insert on public.favourites
  for each row execute function private.limit_favourites();

/**
 * Why: a kept listing may have been paused, expired or removed since; the device must say so
 * without reading what the public may not. For up to 100 ids: each id's state ('active',
 * 'paused', 'expired', 'removed': deleted, waiting or refused) and, for active ones only, what its card shows
 * (its first photo with that photo's renditions and placeholder, issue 44).
 */
create or replace function private.favourite_listings(p_ids uuid[]) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_id_batch(p_ids);
  return coalesce((
    select jsonb_agg(
      case
        -- Waiting for review or refused: as a listing that never existed (issue 41), whoever asks.
        when l.id is null or l.review_status <> 'approved' then jsonb_build_object('id', i.id, 'state', 'removed')
        when not private.listing_is_public(l.is_paused, l.expires_at, l.review_status) then
          jsonb_build_object('id', i.id, 'state', case when l.is_paused then 'paused' else 'expired' end)
        else jsonb_build_object('id', i.id, 'state', 'active', 'title', l.title, 'city', l.city, 'category', l.category,
          'age', l.age) || coalesce((select jsonb_build_object('photo', p.url, 'photo_renditions', p.renditions, 'photo_placeholder', p.placeholder, 'photo_avif', p.avif)
                                     from public.listing_photos p where p.listing_id = l.id
                                     order by p.is_primary desc, p.created_at, p.id limit 1), '{"photo": null}'::jsonb)
      end order by i.ord)
    from (select distinct on (x.id) x.id, x.ord from unnest(p_ids) with ordinality as x(id, ord) order by x.id, x.ord) i
    left join public.listings l on l.id = i.id
  ), '[]'::jsonb);
end
$$;

revoke all on function private.favourite_listings(uuid[]) from public;
grant execute on function private.favourite_listings(uuid[]) to anon, authenticated, service_role;

/** The API's entry to private.favourite_listings. */
create or replace function public.favourite_listings(p_ids uuid[]) returns jsonb
language sql
stable
set search_path = ''
as $$ select private.favourite_listings(p_ids) $$;

revoke all on function public.favourite_listings(uuid[]) from public;
grant execute on function public.favourite_listings(uuid[]) to anon, authenticated, service_role;
