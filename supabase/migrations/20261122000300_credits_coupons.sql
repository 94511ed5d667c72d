-- Settings and packages (DESIGN.md's prices and durations), credit ledger, coupons,
-- payments. Balances change only inside the SQL functions below.

create table public.settings (
  key text primary key,
  value jsonb not null,
  description text,
  updated_at timestamptz not null default now()
);

comment on table public.settings is 'Business constants staff can change: prices, durations, limits.';

insert into public.settings (key, value, description) values
  ('listing_creation_cost', '10', 'Crediti per pubblicare un annuncio'),
  ('listing_duration_days', '30', 'Durata di un annuncio in giorni'),
  ('promotion_day_cost_per_day', '8', 'Crediti al giorno per la promozione Giorno'),
  ('promotion_night_cost_per_day', '12', 'Crediti al giorno per la promozione Notte'),
  ('promotion_durations', '[1, 3, 7, 14, 30]', 'Durate acquistabili in giorni'),
  ('promotion_day_bumps', '1', 'Risalite all''inizio della promozione Giorno'),
  ('promotion_night_bumps', '5', 'Risalite per notte della promozione Notte'),
  ('night_window', '{"start": "21:00", "end": "05:00", "time_zone": "Europe/Rome"}', 'Finestra notturna'),
  ('referral_bonus', '20', 'Crediti a chi invita, al primo acquisto dell''invitato'),
  ('max_photos_per_listing', '5', 'Foto massime per annuncio'),
  ('max_photos_without_promotion', '1', 'Foto visibili di un annuncio senza promozione'),
  ('listing_expiry_warning_hours', '24', 'Preavviso di scadenza annuncio in ore'),
  ('currency', '"EUR"', 'Valuta')
on conflict (key) do nothing;

create trigger settings_set_updated_at before update on public.settings
  for each row execute function public.set_updated_at();

/** An integer setting, or the fallback when the row is missing. */
create or replace function private.setting_int(p_key text, p_default integer) returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select (s.value #>> '{}')::integer from public.settings s where s.key = p_key), p_default)
$$;

create table public.credit_packages (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  credits integer not null check (credits > 0),
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'EUR',
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into public.credit_packages (name, credits, price_cents, currency, sort_order) values
  ('Starter', 50, 990, 'EUR', 1),
  ('Standard', 120, 1990, 'EUR', 2),
  ('Pro', 300, 4490, 'EUR', 3)
on conflict (name) do nothing;

create table public.credit_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null check (type in ('purchase', 'listing_creation', 'premium_upgrade', 'coupon_credit_add', 'referral_bonus', 'admin_adjustment',
    'auto_renewal', 'promotion_refund', 'listing_refund')),
  amount integer not null check (amount <> 0),
  package_name text,
  description text,
  listing_id uuid references public.listings (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.credit_transactions is 'Signed credit ledger; written only by SQL functions.';

create index credit_transactions_user_created_idx on public.credit_transactions (user_id, created_at desc);

create table public.coupons (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  type text not null check (type in ('single_use', 'reusable')),
  discount_type text not null check (discount_type in ('credits', 'percentage', 'flat_amount')),
  discount_value numeric(10, 2) not null check (discount_value > 0),
  expires_at timestamptz,
  applies_to_user_id uuid references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  is_active boolean not null default true,
  max_uses integer check (max_uses is null or max_uses > 0),
  usage_count integer not null default 0 check (usage_count >= 0),
  description text,
  constraint coupons_percentage_range check (discount_type <> 'percentage' or discount_value <= 100),
  constraint coupons_credits_whole check (discount_type <> 'credits' or discount_value = trunc(discount_value))
);

create unique index coupons_code_key on public.coupons (upper(code));
create index coupons_applies_to_idx on public.coupons (applies_to_user_id) where applies_to_user_id is not null;

create table public.user_coupons (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  coupon_id uuid not null references public.coupons (id) on delete cascade,
  applied_at timestamptz not null default now(),
  consumed_at timestamptz,
  unique (user_id, coupon_id)
);

comment on table public.user_coupons is 'Coupons a user applied; a discount waits for the next purchase or promotion while consumed_at is null.';

create index user_coupons_user_applied_idx on public.user_coupons (user_id, applied_at desc);
create index user_coupons_pending_idx on public.user_coupons (user_id, applied_at desc) where consumed_at is null;

create table public.used_coupons (
  user_id uuid not null references public.profiles (id) on delete cascade,
  coupon_id uuid not null references public.coupons (id) on delete cascade,
  used_at timestamptz not null default now(),
  primary key (user_id, coupon_id)
);

create index used_coupons_coupon_idx on public.used_coupons (coupon_id);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  provider text not null,
  provider_reference text not null unique,
  package_id uuid references public.credit_packages (id) on delete set null,
  package_name text,
  credits integer not null check (credits > 0),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'EUR',
  coupon_id uuid references public.coupons (id) on delete set null,
  status text not null default 'completed' check (status in ('pending', 'completed', 'failed', 'expired', 'refunded')),
  -- A purchase order waits for the provider's postback until then (the expiry job's cut-off).
  expires_at timestamptz,
  -- The provider's id of the sale that paid the order: one sale pays one order.
  provider_sale_id text unique,
  settled_at timestamptz,
  created_at timestamptz not null default now()
);

create index payments_user_created_idx on public.payments (user_id, created_at desc);

-- A discount coupon quoted by a purchase order is held for that order alone (null: free): the
-- order that consumes it, or frees it when it fails or expires (purchase orders migration).
alter table public.user_coupons add column reserved_for uuid references public.payments (id) on delete set null;
create index user_coupons_reserved_for_idx on public.user_coupons (reserved_for) where reserved_for is not null;

-- ---------------------------------------------------------------------------------------
-- Privileges and RLS

alter table public.settings enable row level security;
alter table public.credit_packages enable row level security;
alter table public.credit_transactions enable row level security;
alter table public.coupons enable row level security;
alter table public.user_coupons enable row level security;
alter table public.used_coupons enable row level security;
alter table public.payments enable row level security;

revoke all on table public.settings, public.credit_packages, public.credit_transactions, public.coupons,
  public.user_coupons, public.used_coupons, public.payments from anon, authenticated;
grant all on table public.settings, public.credit_packages, public.credit_transactions, public.coupons,
  public.user_coupons, public.used_coupons, public.payments to service_role;

grant select on table public.settings, public.credit_packages to anon, authenticated;
grant update (value, description) on table public.settings to authenticated;
grant insert (name, credits, price_cents, currency, sort_order, is_active) on table public.credit_packages to authenticated;
grant update (name, credits, price_cents, currency, sort_order, is_active) on table public.credit_packages to authenticated;

create policy "Anyone can read settings" on public.settings
  for select to anon, authenticated
  using (true);

create policy "Admins can change settings" on public.settings
  for update to authenticated
  using ((select private.current_role_is_admin()))
  with check ((select private.current_role_is_admin()));

create policy "Anyone can read active credit packages" on public.credit_packages
  for select to anon
  using (is_active);

create policy "Users can read active packages and staff all" on public.credit_packages
  for select to authenticated
  using (is_active or (select private.current_role_is_staff()));

create policy "Admins can add credit packages" on public.credit_packages
  for insert to authenticated
  with check ((select private.current_role_is_admin()));

create policy "Admins can change credit packages" on public.credit_packages
  for update to authenticated
  using ((select private.current_role_is_admin()))
  with check ((select private.current_role_is_admin()));

grant select on table public.credit_transactions to authenticated;

create policy "Users can read their own credit transactions and staff all" on public.credit_transactions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

-- coupons: users see the coupons meant for them or that they applied; admins manage them.
grant select on table public.coupons to authenticated;
grant insert (code, type, discount_type, discount_value, expires_at, applies_to_user_id, is_active, max_uses, description)
  on table public.coupons to authenticated;
grant update (code, type, discount_type, discount_value, expires_at, applies_to_user_id, is_active, max_uses, description)
  on table public.coupons to authenticated;
grant delete on table public.coupons to authenticated;

create policy "Users can read coupons meant for them or applied by them and staff all" on public.coupons
  for select to authenticated
  using (applies_to_user_id = (select auth.uid())
         or id in (select uc.coupon_id from public.user_coupons uc where uc.user_id = (select auth.uid()))
         or id in (select u.coupon_id from public.used_coupons u where u.user_id = (select auth.uid()))
         or (select private.current_role_is_staff()));

create policy "Admins can create coupons" on public.coupons
  for insert to authenticated
  with check ((select private.current_role_is_admin()));

create policy "Admins can change coupons" on public.coupons
  for update to authenticated
  using ((select private.current_role_is_admin()))
  with check ((select private.current_role_is_admin()));

create policy "Admins can delete coupons" on public.coupons
  for delete to authenticated
  using ((select private.current_role_is_admin()));

grant select on table public.user_coupons, public.used_coupons to authenticated;

create policy "Users can read their applied coupons and staff all" on public.user_coupons
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

create policy "Users can read their used coupons and staff all" on public.used_coupons
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

grant select on table public.payments to authenticated;

create policy "Users can read their own payments and staff all" on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

revoke execute on function private.setting_int(text, integer) from public, anon, authenticated;
