-- Profiles: one row per auth user, created by a trigger on auth.users.
-- Roles: user (regular), admin, supporto (support staff), banned.
-- Errors raised by SQL functions: errcode P0001 with an Italian message the UI shows
-- as is and a machine code in DETAIL; permission errors use 42501.

-- Supabase keeps extensions in the `extensions` schema (bootstrap.sql makes it locally);
-- objects of theirs are named with it, as `supabase db push` does not search it.
create extension if not exists pg_trgm with schema extensions;

-- private: SECURITY DEFINER functions the API roles call (role checks in policies, the RPC
-- bodies). The API exposes only public and graphql_public (config.toml [api] schemas), so
-- Supabase's advice holds: definer rights stay out of the exposed schema. EXECUTE is
-- granted function by function.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- The e-mail and phone rules, the same as the app's (src/lib/contact.ts, with the very same
-- patterns; tests/db/contact-rules.test.ts runs one table of cases through both). Whitespace
-- is listed character by character: \s would follow the server's locale.

/** Something, @, something, a dot, something: no whitespace and no second @ anywhere. */
create or replace function private.is_valid_email(p_email text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_email ~ '^[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', false)
$$;

/**
 * A typed phone number in its stored form: whitespace, - . / ( ) removed; nothing left gives
 * null; + is kept, a leading 00 becomes +, anything else gets the +39 prefix.
 */
create or replace function private.normalize_phone(p_phone text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when typed.compact = '' then null
    when left(typed.compact, 1) = '+' then typed.compact
    when left(typed.compact, 2) = '00' then '+' || substr(typed.compact, 3)
    else '+39' || typed.compact
  end
  from (select regexp_replace(coalesce(p_phone, ''), '[-./()\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', '', 'g') as compact) as typed
$$;

/** A normalised number: +, a country code that does not start with 0, 6 to 15 digits in all. */
create or replace function private.is_valid_phone(p_phone text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(p_phone ~ '^\+[1-9][0-9]{5,14}$', false)
$$;

-- Check constraints call them as the writing role.
revoke all on function private.is_valid_email(text), private.normalize_phone(text), private.is_valid_phone(text) from public;
grant execute on function private.is_valid_email(text), private.normalize_phone(text), private.is_valid_phone(text)
  to anon, authenticated, service_role;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  display_name text check (display_name is null or char_length(display_name) <= 80),
  phone text check (phone is null or private.is_valid_phone(phone)),
  role text not null default 'user' check (role in ('user', 'admin', 'supporto', 'banned')),
  credits integer not null default 0 check (credits >= 0),
  referral_code text not null unique,
  referred_by uuid references public.profiles (id) on delete set null,
  accepted_terms_at timestamptz,
  age_confirmed_at timestamptz,
  push_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_not_self_referred check (referred_by is null or referred_by <> id)
);

comment on table public.profiles is 'One per auth user: role, credit balance, referral code.';

create index profiles_referred_by_idx on public.profiles (referred_by);
create index profiles_role_idx on public.profiles (role) where role <> 'user';
create index profiles_email_idx on public.profiles (lower(email));

/** Generic updated_at maintenance for tables that carry the column. */
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

/** A random 8-character referral code (A-Z, 2-9, no look-alikes), unique among profiles. */
create or replace function private.generate_referral_code() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  code text;
begin
  loop
    code := '';
    for i in 1..8 loop
      code := code || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    end loop;
    exit when not exists (select 1 from public.profiles p where p.referral_code = code);
  end loop;
  return code;
end
$$;

/**
 * Creates the profile of a new auth user. Reads the sign-up metadata the app sends:
 * display_name, phone, ref (the referrer's referral code, case-insensitive),
 * accepted_terms and age_confirmed (booleans, stored as the time of sign-up).
 */
create or replace function private.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  referrer uuid;
  phone text := private.normalize_phone(meta ->> 'phone');
begin
  if nullif(trim(meta ->> 'ref'), '') is not null then
    select p.id into referrer from public.profiles p where p.referral_code = upper(trim(meta ->> 'ref'));
  end if;
  if not private.is_valid_phone(phone) then
    phone := null; -- an unusable number must not block sign-up
  end if;
  insert into public.profiles (id, email, display_name, phone, referral_code, referred_by, accepted_terms_at, age_confirmed_at)
  values (
    new.id,
    new.email,
    nullif(left(trim(coalesce(meta ->> 'display_name', '')), 80), ''),
    phone,
    private.generate_referral_code(),
    referrer,
    case when coalesce((meta ->> 'accepted_terms')::boolean, false) then now() end,
    case when coalesce((meta ->> 'age_confirmed')::boolean, false) then now() end
  )
  on conflict (id) do nothing;
  return new;
exception when invalid_text_representation then
  -- a non-boolean flag in metadata must not block sign-up
  insert into public.profiles (id, email, referral_code, referred_by)
  values (new.id, new.email, private.generate_referral_code(), referrer)
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

/** Keeps profiles.email equal to the auth e-mail (ticket visibility matches on it). */
create or replace function private.handle_user_email_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

-- ---------------------------------------------------------------------------------------
-- Role helpers for policies and functions. SECURITY DEFINER so they can read profiles
-- whatever the caller's policies; callers wrap them in (select ...) to evaluate once.

/** The caller's role ('user', 'admin', 'supporto', 'banned'), null when not signed in. */
create or replace function private.current_user_role() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.id = auth.uid()
$$;

/** True when the caller is admin or supporto. */
create or replace function private.current_role_is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.role in ('admin', 'supporto') from public.profiles p where p.id = auth.uid()), false)
$$;

/** True when the caller is an admin. */
create or replace function private.current_role_is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.role = 'admin' from public.profiles p where p.id = auth.uid()), false)
$$;

/** True when the caller is signed in, has a profile and is not banned: may create or change rows. */
create or replace function private.current_user_can_write() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.role <> 'banned' from public.profiles p where p.id = auth.uid()), false)
$$;

/**
 * For SQL functions: the caller's id, or an Italian error when not signed in / banned.
 * Staff may act while "banned" never can.
 */
create or replace function private.require_active_user() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  r text;
begin
  if uid is null then
    raise exception 'Devi accedere per eseguire questa operazione.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  select p.role into r from public.profiles p where p.id = uid;
  if r is null then
    raise exception 'Profilo utente non trovato.' using errcode = '42501', detail = 'profile_not_found';
  end if;
  if r = 'banned' then
    raise exception 'Il tuo account è sospeso: non puoi eseguire questa operazione.' using errcode = '42501', detail = 'banned';
  end if;
  return uid;
end
$$;

/** For staff-only SQL functions: the caller's id, or an Italian 42501 error. */
create or replace function private.require_staff(p_admin_only boolean default false) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  r text;
begin
  select p.role into r from public.profiles p where p.id = uid;
  if r is null or r not in ('admin', 'supporto') or (p_admin_only and r <> 'admin') then
    raise exception 'Operazione riservata allo staff.' using errcode = '42501', detail = 'forbidden';
  end if;
  return uid;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Privileges and RLS

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (display_name, phone, push_enabled) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "Users can read their own profile and staff every profile" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.current_role_is_staff()));

create policy "Users can update their own profile unless banned" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) and (select private.current_user_can_write()))
  with check (id = (select auth.uid()));

revoke execute on function public.set_updated_at() from public, anon, authenticated;
revoke execute on function private.generate_referral_code() from public, anon, authenticated;
revoke execute on function private.handle_new_user() from public, anon, authenticated;
revoke execute on function private.handle_user_email_change() from public, anon, authenticated;
revoke execute on function private.current_user_role() from public, anon;
revoke execute on function private.current_role_is_staff() from public, anon;
revoke execute on function private.current_role_is_admin() from public, anon;
revoke execute on function private.current_user_can_write() from public, anon;
revoke execute on function private.require_active_user() from public, anon, authenticated;
revoke execute on function private.require_staff(boolean) from public, anon, authenticated;
grant execute on function private.current_user_role(), private.current_role_is_staff(),
  private.current_role_is_admin(), private.current_user_can_write() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.current_user_role, the SECURITY DEFINER body. */
create or replace function public.current_user_role() returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_user_role()
$$;

/** The API's entry point to private.current_role_is_staff, the SECURITY DEFINER body. */
create or replace function public.current_role_is_staff() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_role_is_staff()
$$;

/** The API's entry point to private.current_role_is_admin, the SECURITY DEFINER body. */
create or replace function public.current_role_is_admin() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_role_is_admin()
$$;

/** The API's entry point to private.current_user_can_write, the SECURITY DEFINER body. */
create or replace function public.current_user_can_write() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_user_can_write()
$$;

revoke execute on function public.current_user_role() from public, anon;
revoke execute on function public.current_role_is_staff() from public, anon;
revoke execute on function public.current_role_is_admin() from public, anon;
revoke execute on function public.current_user_can_write() from public, anon;
grant execute on function public.current_user_role(), public.current_role_is_staff(),
  public.current_role_is_admin(), public.current_user_can_write() to authenticated, service_role;
