-- Advertisers' tools (issue 27, parts 2-4): 'Disponibile ora' (a free, fading boost of two
-- hours, twice a Rome day per listing), 'Rinnovo automatico' (private.expire_listings renews
-- for the publication cost) and the cancellation of a scheduled ('In Attesa') promotion with
-- a full refund. Every column here is money-like state: only these SQL functions write it.

insert into public.settings (key, value, description) values
  ('available_now_minutes', '120', 'Durata di "Disponibile ora" in minuti'),
  ('available_now_per_day', '2', 'Attivazioni di "Disponibile ora" al giorno per annuncio (giorno di Roma)'),
  ('promotion_schedule_days', '6', 'Giorni di anticipo con cui si può programmare una promozione')
on conflict (key) do nothing;

-- The listings' columns (available_until, auto_renew, promotion_credits_paid,
-- promotion_expiry_added) are in the listings migration: the search's covering index
-- (20261122000700) carries available_until.
comment on column public.listings.available_until is
  '''Disponibile ora'' until then: the status is available_until > now(), never a stored flag.';
comment on column public.listings.auto_renew is
  'private.expire_listings renews the listing for listing_creation_cost instead of letting it expire.';
comment on column public.listings.promotion_credits_paid is
  'Credits paid for the current promotion (extensions included): what cancelling a scheduled one refunds.';
comment on column public.listings.promotion_expiry_added is
  'How much the current promotion lengthened the listing''s life: cancelling a scheduled one takes it back.';

-- The few listings 'Disponibile ora' (at most two activations a day each): the search reads
-- them through this index, apart from the rank-ordered walk of the others.
create index listings_available_until_idx on public.listings (available_until desc)
  where available_until is not null and not is_paused;

-- One row per activation, to allow available_now_per_day per listing and Rome day.
create table public.listing_available_now_uses (
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  started_at timestamptz not null default now()
);

comment on table public.listing_available_now_uses is 'Activations of ''Disponibile ora''; written only by private.set_available_now.';

create index listing_available_now_uses_listing_idx on public.listing_available_now_uses (listing_id, started_at desc);

alter table public.listing_available_now_uses enable row level security;
revoke all on table public.listing_available_now_uses from public, anon, authenticated;
grant all on table public.listing_available_now_uses to service_role;

/**
 * The rank a listing 'Disponibile ora' sorts by inside its tier: its ordinary rank (last bump
 * or creation) lifted to the moment it was switched on (until - p_minutes), the lift fading
 * linearly to nothing at p_available_until. Never below the ordinary rank; the ordinary rank
 * when not available at p_now. Immutable on its arguments, so tests pin it with a fixed clock.
 */
create or replace function private.available_now_rank(
  p_rank timestamptz, p_available_until timestamptz, p_now timestamptz, p_minutes integer
) returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case
    when p_available_until is null or p_available_until <= p_now or p_minutes <= 0 then p_rank
    else greatest(p_rank, p_rank + ((p_available_until - make_interval(mins => p_minutes)) - p_rank)
                          * least(1.0, extract(epoch from (p_available_until - p_now)) / (p_minutes * 60.0))::double precision)
  end
$$;

revoke all on function private.available_now_rank(timestamptz, timestamptz, timestamptz, integer) from public;
grant execute on function private.available_now_rank(timestamptz, timestamptz, timestamptz, integer) to anon, authenticated, service_role;

/**
 * Switches 'Disponibile ora' on (for available_now_minutes, 120) or off on the caller's own
 * public listing. Free; at most available_now_per_day (2) activations per listing and Europe/Rome
 * day (switching off does not give one back). Switching on while it is on changes nothing.
 */
create or replace function private.set_available_now(p_listing_id uuid, p_on boolean) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
  t timestamptz := now();
  per_day integer := private.setting_int('available_now_per_day', 2);
  used integer;
begin
  perform private.require_active_user();
  l := private.lock_own_listing(p_listing_id);
  if not coalesce(p_on, false) then
    update public.listings set available_until = null where id = l.id returning * into l;
    return l;
  end if;
  -- Waiting for review or refused: its own sentence (review migration), before the generic one.
  perform private.require_reviewed_listing(l.review_status, 'available_now');
  if l.available_until > t then
    return l;
  end if;
  if not private.listing_is_public(l.is_paused, l.expires_at, l.review_status) then
    raise exception 'Solo un annuncio attivo e visibile può essere "Disponibile ora".' using errcode = 'P0001', detail = 'listing_not_public';
  end if;
  select count(*) into used from public.listing_available_now_uses u
   where u.listing_id = l.id
     and u.started_at >= (date_trunc('day', t at time zone 'Europe/Rome') at time zone 'Europe/Rome');
  if used >= per_day then
    raise exception 'Hai già usato "Disponibile ora" % volte oggi per questo annuncio: potrai riattivarlo domani.', per_day
      using errcode = 'P0001', detail = 'available_now_limit';
  end if;
  insert into public.listing_available_now_uses (listing_id, started_at) values (l.id, t);
  update public.listings set available_until = t + make_interval(mins => private.setting_int('available_now_minutes', 120))
   where id = l.id returning * into l;
  return l;
end
$$;

/**
 * Turns 'Rinnovo automatico' on or off for the caller's own listing. An expired listing is
 * renewed by hand first (turning it on would renew nothing: the job renews at expiry).
 */
create or replace function private.set_auto_renew(p_listing_id uuid, p_on boolean) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
begin
  perform private.require_active_user();
  l := private.lock_own_listing(p_listing_id);
  if coalesce(p_on, false) then
    -- Waiting for review or refused: the job would charge every period for nothing.
    perform private.require_reviewed_listing(l.review_status, 'auto_renew');
  end if;
  if coalesce(p_on, false) and not l.is_paused and not private.listing_is_public(false, l.expires_at, 'approved') then
    raise exception 'L''annuncio è scaduto: rinnovalo prima di attivare il rinnovo automatico.' using errcode = 'P0001', detail = 'listing_expired';
  end if;
  update public.listings set auto_renew = coalesce(p_on, false) where id = l.id returning * into l;
  return l;
end
$$;

/**
 * Cancels the caller's scheduled ('In Attesa') promotion before it starts: refunds every
 * credit paid for it (promotion_credits_paid, as a promotion_refund line; a coupon spent on
 * it stays spent) and takes back the life it added to the listing. A paused listing is
 * resumed first (its promotion clock is frozen). Returns {listing, refunded}.
 */
create or replace function private.cancel_scheduled_promotion(p_listing_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  l public.listings := private.lock_own_listing(p_listing_id);
  refund integer;
begin
  if l.is_paused then
    raise exception 'L''annuncio è in pausa: riprendilo prima di annullare la promozione.' using errcode = 'P0001', detail = 'listing_paused';
  end if;
  if not (l.is_premium and l.promotion_start_at > now()) then
    raise exception 'La promozione è già iniziata: non può più essere annullata.' using errcode = 'P0001', detail = 'not_scheduled';
  end if;
  refund := coalesce(l.promotion_credits_paid, 0);
  if refund > 0 then
    perform private.add_credits(uid, refund, 'promotion_refund', 'Rimborso promozione annullata: ' || l.title, null, l.id);
  end if;
  update public.listings set
    is_premium = false, promotion_mode = null, promotion_start_at = null, promotion_end_at = null,
    remaining_promotion_duration = null,
    expires_at = expires_at - coalesce(promotion_expiry_added, interval '0'),
    promotion_credits_paid = null, promotion_expiry_added = null
  where id = l.id returning * into l;
  return jsonb_build_object('listing', to_jsonb(l), 'refunded', refund);
end
$$;

revoke execute on function private.set_available_now(uuid, boolean), private.set_auto_renew(uuid, boolean),
  private.cancel_scheduled_promotion(uuid) from public, anon;
grant execute on function private.set_available_now(uuid, boolean), private.set_auto_renew(uuid, boolean),
  private.cancel_scheduled_promotion(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: SECURITY INVOKER wrappers in public, as the other migrations keep them.

/** The API's entry point to private.set_available_now, the SECURITY DEFINER body. */
create or replace function public.set_available_now(p_listing_id uuid, p_on boolean) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.set_available_now(p_listing_id, p_on)
$$;

/** The API's entry point to private.set_auto_renew, the SECURITY DEFINER body. */
create or replace function public.set_auto_renew(p_listing_id uuid, p_on boolean) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.set_auto_renew(p_listing_id, p_on)
$$;

/** The API's entry point to private.cancel_scheduled_promotion, the SECURITY DEFINER body. */
create or replace function public.cancel_scheduled_promotion(p_listing_id uuid) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.cancel_scheduled_promotion(p_listing_id)
$$;

revoke execute on function public.set_available_now(uuid, boolean), public.set_auto_renew(uuid, boolean),
  public.cancel_scheduled_promotion(uuid) from public, anon;
grant execute on function public.set_available_now(uuid, boolean), public.set_auto_renew(uuid, boolean),
  public.cancel_scheduled_promotion(uuid) to authenticated, service_role;

-- The bell's pushes now include a failed automatic renewal (send-push opens /my-listings).
drop trigger admin_notifications_send_push on public.admin_notifications;
create trigger admin_notifications_send_push after insert on public.admin_notifications
  for each row when (new.user_id is not null and new.type in ('ticket_reply', 'ticket_resolved', 'saved_search', 'auto_renew_failed'))
  execute function private.dispatch_push_webhook();
