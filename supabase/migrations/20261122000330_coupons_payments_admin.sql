-- Coupon redemption, purchase fulfilment (idempotent, referral bonus) and staff actions.

/**
 * Redeems a coupon code (trimmed, case-insensitive) for the caller. The coupon row is
 * locked, so concurrent calls on one coupon serialise and at most max_uses succeed.
 * Checks, in this order: inactive, expired, single_use already used by the user,
 * max_uses reached, meant for another user; then any coupon already redeemed by this user.
 * Credit coupons add coupon_credit_add credits at once; percentage/flat_amount coupons
 * wait in user_coupons for the next promotion or purchase. Every redemption counts one
 * use (usage_count, used_coupons). Returns the apply-coupon Edge Function's answer.
 */
create or replace function private.apply_coupon(p_code text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  v_code text := upper(trim(coalesce(p_code, '')));
  c public.coupons;
  msg text;
begin
  if v_code = '' then
    raise exception 'Inserisci un codice coupon.' using errcode = 'P0001', detail = 'code_required';
  end if;
  select * into c from public.coupons where upper(coupons.code) = v_code for update;
  if not found then
    raise exception 'Codice coupon non valido.' using errcode = 'P0001', detail = 'coupon_not_found';
  end if;
  if not c.is_active then
    raise exception 'Questo coupon non è attivo.' using errcode = 'P0001', detail = 'coupon_inactive';
  end if;
  if c.expires_at is not null and c.expires_at < now() then
    raise exception 'Questo coupon è scaduto.' using errcode = 'P0001', detail = 'coupon_expired';
  end if;
  if c.type = 'single_use' and exists (select 1 from public.used_coupons u where u.user_id = uid and u.coupon_id = c.id) then
    raise exception 'Hai già utilizzato questo coupon.' using errcode = 'P0001', detail = 'coupon_used';
  end if;
  if c.max_uses is not null and c.usage_count >= c.max_uses then
    raise exception 'Questo coupon ha raggiunto il numero massimo di utilizzi.' using errcode = 'P0001', detail = 'coupon_maxed_out';
  end if;
  if c.applies_to_user_id is not null and c.applies_to_user_id <> uid then
    raise exception 'Questo coupon non è valido per il tuo account.' using errcode = 'P0001', detail = 'coupon_not_applicable';
  end if;
  if exists (select 1 from public.used_coupons u where u.user_id = uid and u.coupon_id = c.id) then
    raise exception 'Hai già utilizzato questo coupon.' using errcode = 'P0001', detail = 'coupon_used';
  end if;

  insert into public.used_coupons (user_id, coupon_id) values (uid, c.id);
  update public.coupons set usage_count = usage_count + 1 where id = c.id;
  if c.discount_type = 'credits' then
    insert into public.user_coupons (user_id, coupon_id, consumed_at) values (uid, c.id, now());
    perform private.add_credits(uid, c.discount_value::integer, 'coupon_credit_add', 'Coupon ' || c.code);
    msg := 'Hai ricevuto ' || c.discount_value::integer || ' crediti!';
  else
    insert into public.user_coupons (user_id, coupon_id) values (uid, c.id);
    msg := 'Coupon applicato con successo!';
  end if;
  return jsonb_build_object(
    'message', msg,
    'discountType', c.discount_type,
    'discountValue', case when c.discount_type = 'credits' then to_jsonb(c.discount_value::integer) else to_jsonb(c.discount_value) end,
    'couponId', c.id,
    'couponType', c.type,
    'code', c.code
  );
end
$$;

/**
 * What a credit package costs the caller now: its price less the pending discount coupon
 * (percentage of the price, or flat_amount euros), never below zero. Nothing is consumed.
 * A coupon reserved by an open purchase order belongs to that order: the quote is then the
 * full price, naming the coupon and the order that holds it (reserved_code, reserved_order_id).
 */
create or replace function private.quote_credit_package(p_package_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  p public.credit_packages;
  d record;
  held_code text;
  held_order uuid;
  discount integer := 0;
begin
  select * into p from public.credit_packages where id = p_package_id and is_active;
  if not found then
    raise exception 'Pacchetto di crediti non trovato.' using errcode = 'P0001', detail = 'package_not_found';
  end if;
  select uc.id as user_coupon_id, c.id as coupon_id, c.code, c.discount_type, c.discount_value into d
    from public.user_coupons uc join public.coupons c on c.id = uc.coupon_id
   where uc.user_id = uid and uc.consumed_at is null and uc.reserved_for is null
     and c.discount_type in ('percentage', 'flat_amount')
   order by uc.applied_at desc limit 1;
  if d.coupon_id is null then
    select c.code, uc.reserved_for into held_code, held_order
      from public.user_coupons uc join public.coupons c on c.id = uc.coupon_id
     where uc.user_id = uid and uc.consumed_at is null and uc.reserved_for is not null
     order by uc.applied_at desc limit 1;
  end if;
  if d.coupon_id is not null then
    discount := least(p.price_cents, case d.discount_type
      when 'percentage' then round(p.price_cents * d.discount_value / 100)::integer
      else round(d.discount_value * 100)::integer end);
  end if;
  return jsonb_build_object('package_id', p.id, 'name', p.name, 'credits', p.credits, 'currency', p.currency,
    'price_cents', p.price_cents, 'discount_cents', discount, 'amount_cents', p.price_cents - discount,
    'coupon_id', d.coupon_id, 'coupon_code', d.code, 'reserved_code', held_code, 'reserved_order_id', held_order);
end
$$;

/**
 * What a paid purchase gives, for a payment row its caller has just made 'completed' (once:
 * the caller's insert or status change is the guard): the package's credits (purchase), the
 * discount coupon the price used consumed, and on the buyer's first completed purchase
 * referral_bonus (20) crediti to the referrer. The buyer's profile is locked, so two first
 * purchases settling at once pay one bonus.
 */
create or replace function private.complete_payment(p_payment_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  pay public.payments;
  referrer uuid;
  bonus integer := private.setting_int('referral_bonus', 20);
  balance integer;
  referral_paid boolean := false;
begin
  select * into pay from public.payments where id = p_payment_id and status = 'completed';
  if not found then
    raise exception 'Pagamento non trovato.' using errcode = 'P0001', detail = 'payment_not_found';
  end if;
  balance := private.add_credits(pay.user_id, pay.credits, 'purchase', 'Acquisto pacchetto ' || pay.package_name, pay.package_name);
  if pay.coupon_id is not null then
    -- reserved_for then records the order that used the coupon.
    update public.user_coupons set consumed_at = now(), reserved_for = pay.id
     where user_id = pay.user_id and coupon_id = pay.coupon_id and consumed_at is null;
  end if;
  select pr.referred_by into referrer from public.profiles pr where pr.id = pay.user_id for update;
  if referrer is not null and bonus > 0
     and not exists (select 1 from public.payments x where x.user_id = pay.user_id and x.status = 'completed' and x.id <> pay.id) then
    perform private.add_credits(referrer, bonus, 'referral_bonus', 'Bonus per il primo acquisto di un utente invitato');
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (referrer, 'referral_bonus', pay.user_id::text, 'Hai ricevuto ' || bonus || ' crediti di bonus referral!');
    referral_paid := true;
  end if;
  return jsonb_build_object('payment_id', pay.id, 'already_processed', false, 'credits', pay.credits, 'balance', balance,
                            'referral_bonus_paid', referral_paid);
end
$$;

/**
 * Fulfils a paid credit purchase once per provider reference (service_role only: a payment
 * recorded outside the purchase orders, e.g. by staff). Inserts the completed payment, then
 * private.complete_payment gives what it buys. A repeated reference changes nothing and
 * answers {already_processed: true}.
 */
create or replace function private.fulfil_credit_purchase(
  p_user_id uuid, p_package_id uuid, p_provider text, p_provider_reference text,
  p_amount_cents integer default null, p_coupon_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.credit_packages;
  pay_id uuid;
  existing public.payments;
begin
  if coalesce(trim(p_provider), '') = '' or coalesce(trim(p_provider_reference), '') = '' then
    raise exception 'Riferimento del pagamento mancante.' using errcode = 'P0001', detail = 'invalid_reference';
  end if;
  select * into p from public.credit_packages where id = p_package_id;
  if not found then
    raise exception 'Pacchetto di crediti non trovato.' using errcode = 'P0001', detail = 'package_not_found';
  end if;
  if not exists (select 1 from public.profiles where id = p_user_id) then
    raise exception 'Utente non trovato.' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  insert into public.payments (user_id, provider, provider_reference, package_id, package_name, credits, amount_cents,
                               currency, coupon_id, status, settled_at)
  values (p_user_id, p_provider, p_provider_reference, p.id, p.name, p.credits, coalesce(p_amount_cents, p.price_cents),
          p.currency, p_coupon_id, 'completed', now())
  on conflict (provider_reference) do nothing
  returning id into pay_id;
  if pay_id is null then
    select * into existing from public.payments where provider_reference = p_provider_reference;
    return jsonb_build_object('payment_id', existing.id, 'already_processed', true, 'credits', existing.credits,
      'balance', (select credits from public.profiles where id = existing.user_id));
  end if;
  return private.complete_payment(pay_id);
end
$$;

-- ---------------------------------------------------------------------------------------
-- Staff actions

/**
 * Admin only: sets a user's role (user, admin, supporto). Nobody changes their own role. A ban
 * or an unban is a decision with a statement of reasons, so it is admin_set_banned's alone;
 * the profiles_ban_statement trigger holds the same rule for every other path.
 */
create or replace function private.admin_set_role(p_user_id uuid, p_role text) returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff(true);
  pr public.profiles;
begin
  if p_role is null or p_role not in ('user', 'admin', 'supporto', 'banned') then
    raise exception 'Ruolo non valido.' using errcode = 'P0001', detail = 'invalid_role';
  end if;
  if p_user_id = uid then
    raise exception 'Non puoi modificare il tuo ruolo.' using errcode = 'P0001', detail = 'self_role_change';
  end if;
  select * into pr from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Utente non trovato.' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  if 'banned' in (p_role, pr.role) then
    raise exception 'Per bannare o sbloccare un utente usa Banna o Sblocca, con la motivazione.' using errcode = 'P0001', detail = 'role_dialog_cannot_ban';
  end if;
  update public.profiles set role = p_role where id = p_user_id returning * into pr;
  return pr;
end
$$;

/**
 * Staff: bans (role banned, the user's listings paused with their clocks frozen) or
 * unbans (role user; listings stay paused for the owner to resume). Only an admin may ban
 * staff; nobody bans themselves.
 */
create or replace function private.admin_set_banned(p_user_id uuid, p_banned boolean) returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  target public.profiles;
begin
  select * into target from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Utente non trovato.' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  if p_user_id = uid then
    raise exception 'Non puoi bannare il tuo account.' using errcode = 'P0001', detail = 'self_ban';
  end if;
  if target.role in ('admin', 'supporto') and not private.current_role_is_admin() then
    raise exception 'Solo un amministratore può bannare un membro dello staff.' using errcode = '42501', detail = 'forbidden';
  end if;
  if coalesce(p_banned, false) then
    update public.profiles set role = 'banned' where id = p_user_id returning * into target;
    perform private.freeze_listing(l.id) from public.listings l where l.user_id = p_user_id and not l.is_paused;
  elsif target.role = 'banned' then
    update public.profiles set role = 'user' where id = p_user_id returning * into target;
  end if;
  return target;
end
$$;

/**
 * Admin only: adds or removes credits with a mandatory reason (admin_adjustment, the reason
 * in description). The balance never goes below zero.
 */
create or replace function private.admin_adjust_credits(p_user_id uuid, p_amount integer, p_reason text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  reason text := trim(coalesce(p_reason, ''));
begin
  perform private.require_staff(true);
  if p_amount is null or p_amount = 0 then
    raise exception 'Indica un importo diverso da zero.' using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  if reason = '' then
    raise exception 'Indica il motivo della modifica.' using errcode = 'P0001', detail = 'reason_required';
  end if;
  if not exists (select 1 from public.profiles where id = p_user_id) then
    raise exception 'Utente non trovato.' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  if p_amount > 0 then
    return private.add_credits(p_user_id, p_amount, 'admin_adjustment', reason);
  end if;
  begin
    return private.spend_credits(p_user_id, -p_amount, 'admin_adjustment', reason);
  exception when sqlstate 'P0001' then
    raise exception 'Il saldo non può diventare negativo.' using errcode = 'P0001', detail = 'negative_balance';
  end;
end
$$;

/**
 * Staff: deletes any listing (photos and reports cascade; the photo rows' triggers queue
 * their files for storage-cleanup) and tells the owner why. The reason goes into the
 * audit row the deletion writes (private.set_audit_reason, control panel migration).
 * 'Rimuovi annuncio' upholds the listing's open reports first, so they outlive it as
 * upheld_reports and the owner's trust counts them (review migration).
 */
create or replace function private.admin_delete_listing(p_listing_id uuid, p_reason text default null) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  l public.listings;
begin
  perform private.set_audit_reason(p_reason);
  update public.listing_reports set status = 'reviewed', reviewed_at = now(), reviewed_by = uid
   where listing_id = p_listing_id and status = 'open';
  delete from public.listings where id = p_listing_id returning * into l;
  if not found then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;
  if l.user_id <> uid then
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (l.user_id, 'listing_removed', l.id::text,
      'Il tuo annuncio "' || left(l.title, 120) || '" è stato rimosso dallo staff'
      || coalesce(': ' || private.as_sentence(p_reason), '.'));
  end if;
  perform private.set_audit_reason(null);
  return true;
end
$$;

revoke execute on function private.apply_coupon(text) from public, anon;
revoke execute on function private.quote_credit_package(uuid) from public, anon;
revoke execute on function private.fulfil_credit_purchase(uuid, uuid, text, text, integer, uuid) from public, anon, authenticated;
revoke execute on function private.complete_payment(uuid) from public, anon, authenticated;
revoke execute on function private.admin_set_role(uuid, text) from public, anon;
revoke execute on function private.admin_set_banned(uuid, boolean) from public, anon;
revoke execute on function private.admin_adjust_credits(uuid, integer, text) from public, anon;
revoke execute on function private.admin_delete_listing(uuid, text) from public, anon;
grant execute on function private.apply_coupon(text), private.quote_credit_package(uuid),
  private.admin_set_role(uuid, text), private.admin_set_banned(uuid, boolean),
  private.admin_adjust_credits(uuid, integer, text), private.admin_delete_listing(uuid, text) to authenticated, service_role;
grant execute on function private.fulfil_credit_purchase(uuid, uuid, text, text, integer, uuid) to service_role;

/** The API's entry point to private.fulfil_credit_purchase, for the service role only (the payment postback). */
create or replace function public.fulfil_credit_purchase(
  p_user_id uuid, p_package_id uuid, p_provider text, p_provider_reference text,
  p_amount_cents integer default null, p_coupon_id uuid default null
) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.fulfil_credit_purchase(p_user_id, p_package_id, p_provider, p_provider_reference, p_amount_cents, p_coupon_id) $$;

revoke execute on function public.fulfil_credit_purchase(uuid, uuid, text, text, integer, uuid) from public, anon, authenticated;
grant execute on function public.fulfil_credit_purchase(uuid, uuid, text, text, integer, uuid) to service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.apply_coupon, the SECURITY DEFINER body. */
create or replace function public.apply_coupon(p_code text) returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.apply_coupon(p_code)
$$;

/** The API's entry point to private.quote_credit_package, the SECURITY DEFINER body. */
create or replace function public.quote_credit_package(p_package_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.quote_credit_package(p_package_id)
$$;

/** The API's entry point to private.admin_set_role, the SECURITY DEFINER body. */
create or replace function public.admin_set_role(p_user_id uuid, p_role text) returns public.profiles
language sql
security invoker
set search_path = ''
as $$
  select * from private.admin_set_role(p_user_id, p_role)
$$;

/** The API's entry point to private.admin_set_banned, the SECURITY DEFINER body. */
create or replace function public.admin_set_banned(p_user_id uuid, p_banned boolean) returns public.profiles
language sql
security invoker
set search_path = ''
as $$
  select * from private.admin_set_banned(p_user_id, p_banned)
$$;

/** The API's entry point to private.admin_adjust_credits, the SECURITY DEFINER body. */
create or replace function public.admin_adjust_credits(p_user_id uuid, p_amount integer, p_reason text) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.admin_adjust_credits(p_user_id, p_amount, p_reason)
$$;

/** The API's entry point to private.admin_delete_listing, the SECURITY DEFINER body. */
create or replace function public.admin_delete_listing(p_listing_id uuid, p_reason text default null) returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.admin_delete_listing(p_listing_id, p_reason)
$$;

revoke execute on function public.apply_coupon(text) from public, anon;
revoke execute on function public.quote_credit_package(uuid) from public, anon;
revoke execute on function public.admin_set_role(uuid, text) from public, anon;
revoke execute on function public.admin_set_banned(uuid, boolean) from public, anon;
revoke execute on function public.admin_adjust_credits(uuid, integer, text) from public, anon;
revoke execute on function public.admin_delete_listing(uuid, text) from public, anon;
grant execute on function public.apply_coupon(text), public.quote_credit_package(uuid),
  public.admin_set_role(uuid, text), public.admin_set_banned(uuid, boolean),
  public.admin_adjust_credits(uuid, integer, text),
  public.admin_delete_listing(uuid, text) to authenticated, service_role;
