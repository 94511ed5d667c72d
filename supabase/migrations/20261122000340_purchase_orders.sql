-- Credit purchases through the payment provider: an order is a 'pending' payments row made
-- from the caller's quote, holding the discount coupon it quoted (user_coupons.reserved_for);
-- the provider's signed postback settles it ('completed' through private.complete_payment, or
-- 'failed'); orders nobody pays expire. A failed or expired order frees its coupon. Every
-- postback is logged, a refused one with at most 4 KB of its parameters.

create table public.payment_postbacks (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  provider text not null,
  payment_id uuid references public.payments (id) on delete set null,
  reference text,
  sale_id text,
  amount_cents integer,
  currency text,
  result text,
  -- What the postback did: only 'completed' gave credits.
  outcome text not null check (outcome in ('completed', 'already_processed', 'declined', 'amount_mismatch',
    'unknown_order', 'order_expired', 'order_closed', 'sale_reused', 'coupon_unavailable', 'invalid_signature', 'malformed')),
  params jsonb,
  -- Who sent it (the first x-forwarded-for address the function saw): refusals are limited per address.
  client_address text
);

comment on table public.payment_postbacks is 'Every payment provider postback received and what it did (staff read it to answer disputes).';

create index payment_postbacks_payment_idx on public.payment_postbacks (payment_id);
create index payment_postbacks_refused_idx on public.payment_postbacks (client_address, received_at)
  where outcome in ('invalid_signature', 'malformed');
create index payments_pending_expiry_idx on public.payments (expires_at) where status = 'pending';

alter table public.payment_postbacks enable row level security;
revoke all on table public.payment_postbacks from anon, authenticated;
grant all on table public.payment_postbacks to service_role;
grant select on table public.payment_postbacks to authenticated;

create policy "Staff can read payment postbacks" on public.payment_postbacks
  for select to authenticated
  using ((select private.current_role_is_staff()));

-- The result screen waits for its order's status change.
do $$
begin
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'payments') then
    alter publication supabase_realtime add table public.payments;
  end if;
end
$$;

/**
 * Opens a purchase order for the caller: the package quoted now (private.quote_credit_package,
 * the free discount coupon included) becomes a 'pending' payment for provider 'verotel'
 * whose reference is the order id, valid purchase_order_minutes (30). The coupon it quoted is
 * reserved for this order, so orders opened meanwhile quote the full price. Returns what the
 * provider's purchase link needs: {order_id, amount_cents, currency, name, credits, description, coupon_code}.
 */
create or replace function private.start_credit_purchase(p_package_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  q jsonb;
  order_id uuid := gen_random_uuid();
  minutes integer := private.setting_int('purchase_order_minutes', 30);
begin
  -- The buyer's profile is locked first: this user's orders open one at a time, so the quote
  -- below sees the coupon a concurrent order has just reserved, and the open-orders limit holds.
  perform 1 from public.profiles where id = uid for update;
  q := private.quote_credit_package(p_package_id);
  if (q ->> 'amount_cents')::integer <= 0 then
    raise exception 'Questo pacchetto non si può acquistare con il coupon applicato: rimuovilo e riprova.'
      using errcode = 'P0001', detail = 'amount_zero';
  end if;
  if (select count(*) from public.payments where user_id = uid and status = 'pending') >= 10 then
    raise exception 'Hai troppi ordini in sospeso: riprova tra qualche minuto.' using errcode = 'P0001', detail = 'too_many_orders';
  end if;
  insert into public.payments (id, user_id, provider, provider_reference, package_id, package_name, credits, amount_cents,
                               currency, coupon_id, status, expires_at)
  values (order_id, uid, 'verotel', order_id::text, (q ->> 'package_id')::uuid, q ->> 'name', (q ->> 'credits')::integer,
          (q ->> 'amount_cents')::integer, q ->> 'currency', (q ->> 'coupon_id')::uuid, 'pending',
          now() + make_interval(mins => minutes));
  if q ->> 'coupon_id' is not null then
    -- Still free? (a promotion may have consumed it since the quote): else nothing is opened.
    update public.user_coupons set reserved_for = order_id
     where user_id = uid and coupon_id = (q ->> 'coupon_id')::uuid and consumed_at is null and reserved_for is null;
    if not found then
      raise exception 'Il coupon applicato è appena stato usato: riprova.' using errcode = 'P0001', detail = 'coupon_unavailable';
    end if;
  end if;
  return jsonb_build_object('order_id', order_id, 'amount_cents', (q ->> 'amount_cents')::integer, 'currency', q ->> 'currency',
    'name', q ->> 'name', 'credits', (q ->> 'credits')::integer, 'coupon_code', q ->> 'coupon_code',
    'description', (q ->> 'credits') || ' crediti - pacchetto ' || (q ->> 'name'));
end
$$;

/**
 * At most about 4 KB of a postback's parameters, what staff need to answer a dispute: small
 * ones as they came; larger ones as FlexPay's own fields cut to 100 characters each, plus how
 * many bytes and parameters arrived (_truncated). Nobody's megabytes reach the log.
 */
create or replace function private.postback_params_kept(p jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when p is null or octet_length(p::text) <= 4096 then p
    when jsonb_typeof(p) <> 'object' then jsonb_build_object('_truncated', jsonb_build_object('bytes', octet_length(p::text)))
    else coalesce((select jsonb_object_agg(k, left(p ->> k, 100))
                     from unnest(array['shopID', 'saleID', 'referenceID', 'priceAmount', 'priceCurrency', 'type', 'event',
                                       'paymentMethod', 'signature']) k
                    where p ? k), '{}'::jsonb)
      || jsonb_build_object('_truncated', jsonb_build_object('bytes', octet_length(p::text),
                                                               'keys', (select count(*) from jsonb_object_keys(p))))
  end
$$;

/**
 * Settles an order from the provider's verified postback (service_role only). The order row
 * is locked, so repeated or parallel postbacks of one sale complete it once. p_result
 * 'success' with the order's amount and currency completes a pending (or declined) order
 * through private.complete_payment; 'decline' fails a pending one and frees its coupon. A
 * discounted order completes only while the coupon is reserved for it (a declined one takes
 * it back if still free), else 'coupon_unavailable'; a sale id that paid another order is
 * 'sale_reused'. Unknown, expired, closed and mismatched orders give nothing. Every call is
 * logged in payment_postbacks with its sender's address. Returns {ok, outcome, payment_id}:
 * ok means the provider may stop sending this postback.
 */
create or replace function private.settle_credit_purchase(
  p_provider text, p_reference text, p_sale_id text, p_amount_cents integer, p_currency text, p_result text,
  p_params jsonb default null, p_client text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.payments;
  outcome text;
begin
  if p_result is null or p_result not in ('success', 'decline') or coalesce(p_sale_id, '') = '' then
    outcome := 'malformed';
  else
    select * into o from public.payments where provider = p_provider and provider_reference = p_reference for update;
    if not found then
      outcome := 'unknown_order';
    elsif o.status = 'completed' then
      outcome := case when o.provider_sale_id = p_sale_id then 'already_processed' else 'order_closed' end;
    elsif p_result = 'decline' then
      outcome := 'declined';
      update public.payments set status = 'failed', settled_at = now() where id = o.id and status = 'pending';
      update public.user_coupons set reserved_for = null where reserved_for = o.id and consumed_at is null;
    elsif o.status = 'expired' then
      outcome := 'order_expired';
    elsif o.status not in ('pending', 'failed') then
      outcome := 'order_closed';
    elsif p_amount_cents is distinct from o.amount_cents or upper(p_currency) is distinct from upper(o.currency) then
      outcome := 'amount_mismatch';
    else
      begin
        -- The buyer's profile before the coupon, in start_credit_purchase's order: no deadlock with an order being opened.
        perform 1 from public.profiles where id = o.user_id for update;
        if o.coupon_id is not null then
          update public.user_coupons set reserved_for = o.id
           where user_id = o.user_id and coupon_id = o.coupon_id and consumed_at is null
             and (reserved_for = o.id or reserved_for is null);
        end if;
        if o.coupon_id is not null and not found then
          outcome := 'coupon_unavailable';
        else
          update public.payments set status = 'completed', provider_sale_id = p_sale_id, settled_at = now() where id = o.id;
          perform private.complete_payment(o.id);
          outcome := 'completed';
        end if;
      exception when unique_violation then
        -- provider_sale_id is unique: this sale already paid another order (nothing above is kept).
        outcome := 'sale_reused';
      end;
    end if;
  end if;
  insert into public.payment_postbacks (provider, payment_id, reference, sale_id, amount_cents, currency, result, outcome,
                                        params, client_address)
  values (p_provider, o.id, left(p_reference, 100), left(p_sale_id, 100), p_amount_cents, left(p_currency, 10), p_result,
          outcome, private.postback_params_kept(p_params), left(p_client, 100));
  return jsonb_build_object('ok', outcome in ('completed', 'already_processed', 'declined'), 'outcome', outcome, 'payment_id', o.id);
end
$$;

/**
 * Logs a postback refused before it reached an order (bad signature, unreadable), with at
 * most 4 KB of its parameters (private.postback_params_kept): service_role only. Anyone can
 * send these, so each client address gets at most 20 logged a minute; past that nothing is
 * stored and the answer is false (payment-postback answers 429). True when logged.
 */
create or replace function private.reject_payment_postback(p_provider text, p_outcome text, p_params jsonb, p_client text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := left(p_client, 100);
begin
  -- One address's parallel refusals are counted one at a time, so the limit holds on PostgreSQL too.
  perform pg_advisory_xact_lock(hashtextextended('payment_postbacks:' || coalesce(client, ''), 0));
  if (select count(*) from public.payment_postbacks
       where client_address is not distinct from client and outcome in ('invalid_signature', 'malformed')
         and received_at > now() - interval '1 minute') >= 20 then
    return false;
  end if;
  insert into public.payment_postbacks (provider, reference, sale_id, outcome, params, client_address)
  values (p_provider, left(p_params ->> 'referenceID', 100), left(p_params ->> 'saleID', 100), p_outcome,
          private.postback_params_kept(p_params), client);
  return true;
end
$$;

/** Expires the orders still pending past their expires_at, freeing the coupons they held (a job, scheduled in the jobs migration). */
create or replace function private.expire_purchase_orders(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  with expired as (
    update public.payments set status = 'expired', settled_at = p_now where status = 'pending' and expires_at < p_now returning id
  ), freed as (
    update public.user_coupons set reserved_for = null where reserved_for in (select id from expired) and consumed_at is null
  )
  select count(*) into n from expired;
  return n;
end
$$;

insert into public.settings (key, value, description) values
  ('purchase_order_minutes', '30', 'Minuti entro cui pagare un ordine di crediti')
on conflict (key) do nothing;

revoke execute on function private.start_credit_purchase(uuid) from public, anon;
revoke execute on function private.settle_credit_purchase(text, text, text, integer, text, text, jsonb, text) from public, anon, authenticated;
revoke execute on function private.reject_payment_postback(text, text, jsonb, text) from public, anon, authenticated;
revoke execute on function private.expire_purchase_orders(timestamptz) from public, anon, authenticated;
revoke execute on function private.postback_params_kept(jsonb) from public, anon, authenticated;
grant execute on function private.start_credit_purchase(uuid) to authenticated;
grant execute on function private.settle_credit_purchase(text, text, text, integer, text, text, jsonb, text),
  private.reject_payment_postback(text, text, jsonb, text), private.expire_purchase_orders(timestamptz) to service_role;

-- The API: SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.start_credit_purchase (signed-in users, through create-purchase). */
create or replace function public.start_credit_purchase(p_package_id uuid) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.start_credit_purchase(p_package_id) $$;

/** The API's entry point to private.settle_credit_purchase, for the service role only (payment-postback). */
create or replace function public.settle_credit_purchase(
  p_provider text, p_reference text, p_sale_id text, p_amount_cents integer, p_currency text, p_result text,
  p_params jsonb default null, p_client text default null
) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.settle_credit_purchase(p_provider, p_reference, p_sale_id, p_amount_cents, p_currency, p_result, p_params, p_client) $$;

/** The API's entry point to private.reject_payment_postback, for the service role only. */
create or replace function public.reject_payment_postback(p_provider text, p_outcome text, p_params jsonb, p_client text default null)
returns boolean
language sql volatile security invoker set search_path = ''
as $$ select private.reject_payment_postback(p_provider, p_outcome, p_params, p_client) $$;

/** The API's entry point to private.expire_purchase_orders, for the service role only. */
create or replace function public.expire_purchase_orders(p_now timestamptz default now()) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.expire_purchase_orders(p_now) $$;

revoke execute on function public.start_credit_purchase(uuid) from public, anon;
revoke execute on function public.settle_credit_purchase(text, text, text, integer, text, text, jsonb, text),
  public.reject_payment_postback(text, text, jsonb, text), public.expire_purchase_orders(timestamptz) from public, anon, authenticated;
grant execute on function public.start_credit_purchase(uuid) to authenticated;
grant execute on function public.settle_credit_purchase(text, text, text, integer, text, text, jsonb, text),
  public.reject_payment_postback(text, text, jsonb, text), public.expire_purchase_orders(timestamptz) to service_role;
