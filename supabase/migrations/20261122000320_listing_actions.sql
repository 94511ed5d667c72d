-- Credit movements and every listing state change: create, renew, pause/resume, promote,
-- reset promotion. All SECURITY DEFINER with an empty search_path; the caller is auth.uid().

/**
 * Takes p_amount credits from a user (row lock on the profile, never below zero) and
 * writes the negative ledger row. Internal: called by the functions below only.
 */
create or replace function private.spend_credits(
  p_user_id uuid, p_amount integer, p_type text, p_description text default null,
  p_listing_id uuid default null, p_package_name text default null
) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  balance integer;
begin
  if p_amount is null or p_amount < 0 then
    raise exception 'Importo non valido.' using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  if p_amount = 0 then
    select p.credits into balance from public.profiles p where p.id = p_user_id;
    return balance;
  end if;
  update public.profiles set credits = credits - p_amount
   where id = p_user_id and credits >= p_amount
  returning credits into balance;
  if not found then
    select p.credits into balance from public.profiles p where p.id = p_user_id;
    raise exception 'Crediti insufficienti: servono % crediti, ne hai %.', p_amount, coalesce(balance, 0)
      using errcode = 'P0001', detail = 'insufficient_credits';
  end if;
  insert into public.credit_transactions (user_id, type, amount, description, listing_id, package_name)
  values (p_user_id, p_type, -p_amount, p_description, p_listing_id, p_package_name);
  return balance;
end
$$;

/** Adds p_amount (> 0) credits to a user and writes the ledger row (p_listing_id: a refund's listing). Internal. */
create or replace function private.add_credits(
  p_user_id uuid, p_amount integer, p_type text, p_description text default null, p_package_name text default null,
  p_listing_id uuid default null
) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  balance integer;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'Importo non valido.' using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  update public.profiles set credits = credits + p_amount where id = p_user_id returning credits into balance;
  if not found then
    raise exception 'Utente non trovato.' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  insert into public.credit_transactions (user_id, type, amount, description, package_name, listing_id)
  values (p_user_id, p_type, p_amount, p_description, p_package_name, p_listing_id);
  return balance;
end
$$;

/** The listing, locked, when the caller owns it (staff pass too when p_allow_staff); else 'Annuncio non trovato.'. */
create or replace function private.lock_own_listing(p_listing_id uuid, p_allow_staff boolean default false) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
begin
  select * into l from public.listings where id = p_listing_id for update;
  if not found or (l.user_id is distinct from auth.uid() and not (p_allow_staff and private.current_role_is_staff())) then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;
  return l;
end
$$;

/**
 * Publishes a listing: validates it (trigger validate_listing, Italian messages), charges
 * listing_creation_cost (10) crediti as a listing_creation transaction and sets
 * expires_at to now + listing_duration_days (30). A new advertiser's listing (not
 * private.advertiser_is_trusted before this one) waits in 'Da approvare' (review migration);
 * a refusal refunds the cost. A repeated call with the same
 * p_creation_key (a double click, a retry after a lost answer) returns the listing the first
 * call made and charges nothing.
 */
create or replace function private.create_listing(
  p_title text,
  p_category text,
  p_city text,
  p_age integer,
  p_description text,
  p_zone text default null,
  p_hourly_rate numeric default null,
  p_ethnicity text[] default '{}',
  p_nationality text[] default '{}',
  p_breast_type text[] default '{}',
  p_hair_color text[] default '{}',
  p_body_type text[] default '{}',
  p_eye_color text[] default '{}',
  p_meeting_type text[] default '{}',
  p_availability_for text[] default '{}',
  p_meeting_location text[] default '{}',
  p_offered_services text[] default '{}',
  p_creation_key uuid default null
) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  cost integer := private.setting_int('listing_creation_cost', 10);
  days integer := private.setting_int('listing_duration_days', 30);
  l public.listings;
  trusted boolean;
begin
  select * into l from public.listings x where x.user_id = uid and x.creation_key = p_creation_key;
  if found then
    return l;
  end if;
  -- Asked before the insert: the new row itself is 'approved' until held.
  trusted := private.advertiser_is_trusted(uid);
  begin
    insert into public.listings (user_id, title, category, city, zone, age, description, hourly_rate,
      ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
      meeting_location, offered_services, slug, expires_at, creation_key)
    values (uid, p_title, p_category, p_city, p_zone, p_age, p_description, p_hourly_rate,
      coalesce(p_ethnicity, '{}'), coalesce(p_nationality, '{}'), coalesce(p_breast_type, '{}'), coalesce(p_hair_color, '{}'),
      coalesce(p_body_type, '{}'), coalesce(p_eye_color, '{}'), coalesce(p_meeting_type, '{}'), coalesce(p_availability_for, '{}'),
      coalesce(p_meeting_location, '{}'), coalesce(p_offered_services, '{}'),
      public.slugify_listing(p_title, p_city), now() + make_interval(days => days), p_creation_key)
    returning * into l;
  exception when unique_violation then
    -- A concurrent call with the same key committed first (this insert waited for it).
    select * into l from public.listings x where x.user_id = uid and x.creation_key = p_creation_key;
    if not found then
      raise;
    end if;
    return l;
  end;
  perform private.spend_credits(uid, cost, 'listing_creation', 'Pubblicazione annuncio: ' || l.title, l.id);
  if not trusted then
    perform private.hold_listing(l.id, 'new_advertiser', '{}');
  end if;
  select * into l from public.listings x where x.id = l.id;
  return l;
end
$$;

/**
 * Renews a listing for another listing_duration_days from its current expiry (or from now
 * when already expired), charging the creation cost again. Paused listings resume first.
 */
create or replace function private.renew_listing(p_listing_id uuid) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  cost integer := private.setting_int('listing_creation_cost', 10);
  days integer := private.setting_int('listing_duration_days', 30);
  l public.listings := private.lock_own_listing(p_listing_id);
begin
  -- A refused listing is never public again unless staff reopen it: no charge for nothing.
  perform private.require_reviewed_listing(l.review_status, 'renew');
  if l.is_paused then
    raise exception 'L''annuncio è in pausa: riprendilo prima di rinnovarlo.' using errcode = 'P0001', detail = 'listing_paused';
  end if;
  perform private.spend_credits(uid, cost, 'listing_creation', 'Rinnovo annuncio: ' || l.title, l.id);
  update public.listings set expires_at = greatest(expires_at, now()) + make_interval(days => days)
   where id = l.id returning * into l;
  return l;
end
$$;

/**
 * Freezes a listing row: stores the remaining listing time and the remaining promotion
 * time (for a pending promotion its whole length; it is shifted on resume), and ends a
 * promotion that is already over. Internal, shared by pause_listing and bans.
 */
create or replace function private.freeze_listing(p_listing_id uuid) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
  t timestamptz := now();
begin
  update public.listings set
    is_paused = true,
    paused_at = t,
    available_until = null,
    remaining_expires_at_duration = greatest(expires_at - t, interval '0'),
    is_premium = is_premium and promotion_end_at > t,
    promotion_mode = case when is_premium and promotion_end_at > t then promotion_mode end,
    promotion_start_at = case when is_premium and promotion_end_at > t then promotion_start_at end,
    promotion_end_at = case when is_premium and promotion_end_at > t then promotion_end_at end,
    remaining_promotion_duration = case when is_premium and promotion_end_at > t
      then promotion_end_at - greatest(promotion_start_at, t) end
  where id = p_listing_id and not is_paused
  returning * into l;
  return l;
end
$$;

/** Pauses the caller's listing (see freeze_listing). Errors when already paused or expired. */
create or replace function private.pause_listing(p_listing_id uuid) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
begin
  perform private.require_active_user();
  l := private.lock_own_listing(p_listing_id, true);
  -- Waiting for review or refused: not public, nothing to pause (review migration).
  perform private.require_reviewed_listing(l.review_status, 'pause');
  if l.is_paused then
    raise exception 'L''annuncio è già in pausa.' using errcode = 'P0001', detail = 'already_paused';
  end if;
  if not private.listing_is_public(l.is_paused, l.expires_at, 'approved') then
    raise exception 'L''annuncio è scaduto: non può essere messo in pausa.' using errcode = 'P0001', detail = 'listing_expired';
  end if;
  return private.freeze_listing(l.id);
end
$$;

/**
 * Resumes a paused listing: expires_at = now + remaining listing time; an active
 * promotion ends at now + its remaining time; a promotion that was pending when paused
 * keeps its length and its start moves later by the time spent paused.
 */
create or replace function private.resume_listing(p_listing_id uuid) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
  t timestamptz := now();
  new_start timestamptz;
begin
  perform private.require_active_user();
  l := private.lock_own_listing(p_listing_id, true);
  if not l.is_paused then
    raise exception 'L''annuncio non è in pausa.' using errcode = 'P0001', detail = 'not_paused';
  end if;
  if l.is_premium then
    new_start := case when l.promotion_start_at > l.paused_at then l.promotion_start_at + (t - l.paused_at)
                      else l.promotion_start_at end;
  end if;
  update public.listings set
    is_paused = false,
    paused_at = null,
    expires_at = t + coalesce(remaining_expires_at_duration, interval '0'),
    promotion_start_at = case when is_premium then new_start end,
    promotion_end_at = case when is_premium then greatest(new_start, t) + coalesce(remaining_promotion_duration, interval '0') end,
    remaining_expires_at_duration = null,
    remaining_promotion_duration = null
  where id = l.id
  returning * into l;
  return l;
end
$$;

/**
 * The caller's most recent applied, not yet consumed percentage/flat_amount coupon, locked,
 * or nothing; one reserved by a purchase order is that order's. Internal: promote_listing consumes it.
 */
create or replace function private.pending_discount(p_user_id uuid)
returns table (user_coupon_id uuid, coupon_id uuid, code text, discount_type text, discount_value numeric)
language sql
security definer
set search_path = ''
as $$
  select uc.id, c.id, c.code, c.discount_type, c.discount_value
    from public.user_coupons uc
    join public.coupons c on c.id = uc.coupon_id
   where uc.user_id = p_user_id and uc.consumed_at is null and uc.reserved_for is null
     and c.discount_type in ('percentage', 'flat_amount')
   order by uc.applied_at desc
   limit 1
   for update of uc
$$;

/**
 * Promotes a listing ('day' or 'night', p_days among promotion_durations) and charges
 * premium_upgrade = days x price per day, less the pending discount coupon (percentage
 * of the price, or flat_amount crediti), never below zero. While a promotion of the same
 * mode is active or pending it is extended by p_days; otherwise it starts at p_start_at
 * (default now; a future start, on its minute and on a Rome day at most
 * promotion_schedule_days (6) ahead, makes it pending: 'In Attesa'). The listing lives at
 * least until the promotion ends; promotion_credits_paid and promotion_expiry_added keep
 * what the promotion cost and added to the listing's life, so cancel_scheduled_promotion
 * can give both back. Returns {listing, cost, discount, coupon_code, extended}.
 */
create or replace function private.promote_listing(
  p_listing_id uuid, p_mode text, p_days integer, p_start_at timestamptz default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  l public.listings;
  t timestamptz := now();
  durations jsonb := coalesce((select s.value from public.settings s where s.key = 'promotion_durations'), '[1,3,7,14,30]');
  per_day integer;
  price integer;
  discount integer := 0;
  d record;
  extending boolean;
  start_at timestamptz;
  end_at timestamptz;
begin
  if p_mode is null or p_mode not in ('day', 'night') then
    raise exception 'Tipo di promozione non valido.' using errcode = 'P0001', detail = 'invalid_mode';
  end if;
  if p_days is null or not (durations @> to_jsonb(p_days)) then
    raise exception 'Durata della promozione non valida.' using errcode = 'P0001', detail = 'invalid_days';
  end if;
  l := private.lock_own_listing(p_listing_id);
  -- Waiting for review or refused: not public, so no promotion (review migration).
  perform private.require_reviewed_listing(l.review_status, 'promote');
  if l.is_paused then
    raise exception 'L''annuncio è in pausa. La promozione non è attiva.' using errcode = 'P0001', detail = 'listing_paused';
  end if;
  if l.expires_at <= t then
    raise exception 'L''annuncio è scaduto: rinnovalo prima di promuoverlo.' using errcode = 'P0001', detail = 'listing_expired';
  end if;
  extending := l.is_premium and l.promotion_end_at > t;
  if extending and l.promotion_mode <> p_mode then
    raise exception 'È già presente una promozione di tipo diverso: puoi estenderla solo con lo stesso pacchetto.'
      using errcode = 'P0001', detail = 'mode_mismatch';
  end if;
  if not extending then
    start_at := coalesce(p_start_at, t);
    if start_at < t - interval '5 minutes' then
      raise exception 'La data di inizio non può essere nel passato.' using errcode = 'P0001', detail = 'start_in_past';
    end if;
    if (start_at at time zone 'Europe/Rome')::date
       > (t at time zone 'Europe/Rome')::date + private.setting_int('promotion_schedule_days', 6) then
      raise exception 'La promozione può iniziare al massimo tra % giorni.', private.setting_int('promotion_schedule_days', 6)
        using errcode = 'P0001', detail = 'start_too_far';
    end if;
    -- A scheduled slot starts on its minute (the bump job runs every minute).
    start_at := greatest(date_trunc('minute', start_at), t);
  end if;

  per_day := private.setting_int(case p_mode when 'day' then 'promotion_day_cost_per_day' else 'promotion_night_cost_per_day' end,
                                case p_mode when 'day' then 8 else 12 end);
  price := per_day * p_days;
  select * into d from private.pending_discount(uid);
  if d.user_coupon_id is not null then
    discount := least(price, case d.discount_type
      when 'percentage' then round(price * d.discount_value / 100)::integer
      else round(d.discount_value)::integer end);
    update public.user_coupons set consumed_at = t where id = d.user_coupon_id;
  end if;
  perform private.spend_credits(uid, price - discount, 'premium_upgrade',
    'Promozione ' || case p_mode when 'day' then 'Giorno' else 'Notte' end || ' ' || p_days || ' '
      || case when p_days = 1 then 'giorno' else 'giorni' end
      || case when discount > 0 then ' (coupon ' || d.code || ': -' || discount || ')' else '' end,
    l.id);

  if extending then
    end_at := l.promotion_end_at + make_interval(days => p_days);
    update public.listings set promotion_end_at = end_at, expires_at = greatest(expires_at, end_at),
      promotion_credits_paid = coalesce(promotion_credits_paid, 0) + (price - discount),
      promotion_expiry_added = coalesce(promotion_expiry_added, interval '0') + greatest(end_at - expires_at, interval '0')
     where id = l.id returning * into l;
  else
    end_at := start_at + make_interval(days => p_days);
    update public.listings set
      is_premium = true,
      promotion_mode = p_mode,
      promotion_start_at = start_at,
      promotion_end_at = end_at,
      last_bumped_at = case when start_at <= t then t else last_bumped_at end,
      expires_at = greatest(expires_at, end_at),
      promotion_credits_paid = price - discount,
      promotion_expiry_added = greatest(end_at - expires_at, interval '0')
    where id = l.id returning * into l;
  end if;
  return jsonb_build_object('listing', to_jsonb(l), 'cost', price - discount, 'price', price, 'discount', discount,
                            'coupon_code', d.code, 'extended', extending);
end
$$;

/**
 * Ends the promotion of the caller's listing without refund (after all its photos were
 * deleted: 'a Premium listing reverts to base').
 */
create or replace function private.reset_listing_promotion(p_listing_id uuid) returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
begin
  perform private.require_active_user();
  l := private.lock_own_listing(p_listing_id, true);
  update public.listings set is_premium = false, promotion_mode = null, promotion_start_at = null,
    promotion_end_at = null, remaining_promotion_duration = null
   where id = l.id returning * into l;
  return l;
end
$$;

revoke execute on function private.spend_credits(uuid, integer, text, text, uuid, text) from public, anon, authenticated;
revoke execute on function private.add_credits(uuid, integer, text, text, text, uuid) from public, anon, authenticated;
revoke execute on function private.lock_own_listing(uuid, boolean) from public, anon, authenticated;
revoke execute on function private.freeze_listing(uuid) from public, anon, authenticated;
revoke execute on function private.pending_discount(uuid) from public, anon, authenticated;
revoke execute on function private.create_listing(text, text, text, integer, text, text, numeric, text[], text[], text[],
  text[], text[], text[], text[], text[], text[], text[], uuid) from public, anon;
revoke execute on function private.renew_listing(uuid) from public, anon;
revoke execute on function private.pause_listing(uuid) from public, anon;
revoke execute on function private.resume_listing(uuid) from public, anon;
revoke execute on function private.promote_listing(uuid, text, integer, timestamptz) from public, anon;
revoke execute on function private.reset_listing_promotion(uuid) from public, anon;
grant execute on function private.create_listing(text, text, text, integer, text, text, numeric, text[], text[], text[],
  text[], text[], text[], text[], text[], text[], text[], uuid), private.renew_listing(uuid), private.pause_listing(uuid),
  private.resume_listing(uuid), private.promote_listing(uuid, text, integer, timestamptz),
  private.reset_listing_promotion(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.create_listing, the SECURITY DEFINER body. */
create or replace function public.create_listing(
  p_title text,
  p_category text,
  p_city text,
  p_age integer,
  p_description text,
  p_zone text default null,
  p_hourly_rate numeric default null,
  p_ethnicity text[] default '{}',
  p_nationality text[] default '{}',
  p_breast_type text[] default '{}',
  p_hair_color text[] default '{}',
  p_body_type text[] default '{}',
  p_eye_color text[] default '{}',
  p_meeting_type text[] default '{}',
  p_availability_for text[] default '{}',
  p_meeting_location text[] default '{}',
  p_offered_services text[] default '{}',
  p_creation_key uuid default null
) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_listing(p_title, p_category, p_city, p_age, p_description, p_zone, p_hourly_rate, p_ethnicity, p_nationality, p_breast_type, p_hair_color, p_body_type, p_eye_color, p_meeting_type, p_availability_for, p_meeting_location, p_offered_services, p_creation_key)
$$;

/** The API's entry point to private.renew_listing, the SECURITY DEFINER body. */
create or replace function public.renew_listing(p_listing_id uuid) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.renew_listing(p_listing_id)
$$;

/** The API's entry point to private.pause_listing, the SECURITY DEFINER body. */
create or replace function public.pause_listing(p_listing_id uuid) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.pause_listing(p_listing_id)
$$;

/** The API's entry point to private.resume_listing, the SECURITY DEFINER body. */
create or replace function public.resume_listing(p_listing_id uuid) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.resume_listing(p_listing_id)
$$;

/** The API's entry point to private.promote_listing, the SECURITY DEFINER body. */
create or replace function public.promote_listing(
  p_listing_id uuid, p_mode text, p_days integer, p_start_at timestamptz default null
) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.promote_listing(p_listing_id, p_mode, p_days, p_start_at)
$$;

/** The API's entry point to private.reset_listing_promotion, the SECURITY DEFINER body. */
create or replace function public.reset_listing_promotion(p_listing_id uuid) returns public.listings
language sql
security invoker
set search_path = ''
as $$
  select * from private.reset_listing_promotion(p_listing_id)
$$;

revoke execute on function public.create_listing(text, text, text, integer, text, text, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], uuid) from public, anon;
revoke execute on function public.renew_listing(uuid) from public, anon;
revoke execute on function public.pause_listing(uuid) from public, anon;
revoke execute on function public.resume_listing(uuid) from public, anon;
revoke execute on function public.promote_listing(uuid, text, integer, timestamptz) from public, anon;
revoke execute on function public.reset_listing_promotion(uuid) from public, anon;
grant execute on function public.create_listing(text, text, text, integer, text, text, numeric, text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], uuid),
  public.renew_listing(uuid), public.pause_listing(uuid), public.resume_listing(uuid),
  public.promote_listing(uuid, text, integer, timestamptz),
  public.reset_listing_promotion(uuid) to authenticated, service_role;
