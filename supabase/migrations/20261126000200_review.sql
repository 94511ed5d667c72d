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
