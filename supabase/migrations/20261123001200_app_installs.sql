-- Installs of the app on a home screen ('appinstalled'), counted in our own database (no
-- third-party analytics): one row per device, at most 20 new devices an hour per client
-- address; staff read them.

create table public.app_installs (
  id bigint generated always as identity primary key,
  -- A random id the device keeps; nothing that identifies the person.
  device_id uuid not null unique,
  platform text not null check (platform in ('prompt', 'ios', 'other')),
  user_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.app_installs is 'Home-screen installs of the app, one per device; written only through record_app_install.';

create index app_installs_created_idx on public.app_installs (created_at);

alter table public.app_installs enable row level security;
revoke all on table public.app_installs from anon, authenticated;
grant select on table public.app_installs to authenticated;

create policy "Staff can read app installs" on public.app_installs
  for select to authenticated
  using ((select private.current_role_is_staff()));

-- The client addresses of recent installs, for the per-address limit only: kept one hour.
create table private.app_install_clients (
  address text not null,
  created_at timestamptz not null default now()
);

create index app_install_clients_address_idx on private.app_install_clients (address, created_at);
create index app_install_clients_created_idx on private.app_install_clients (created_at);

revoke all on table private.app_install_clients from public;
alter table private.app_install_clients enable row level security;

/**
 * Why: the caller's address, as the API gateway reports it in the headers PostgREST hands to
 * SQL: Cloudflare's cf-connecting-ip (it overwrites what a client sends), else the first hop of
 * x-forwarded-for. Null outside an API request.
 */
create or replace function private.request_client_address() returns text
language sql
stable
set search_path = ''
as $$
  select nullif(trim(split_part(coalesce(h ->> 'cf-connecting-ip', h ->> 'x-forwarded-for', ''), ',', 1)), '')
    from (select nullif(current_setting('request.headers', true), '')::jsonb as h) r
$$;

revoke all on function private.request_client_address() from public;

/**
 * Why: visitors install without an account, so anyone may report an install, but only
 * through here: one row per device, a known platform, and at most 20 new devices an hour
 * from one client address, so a script fills its own quota, never the site's.
 */
create or replace function private.record_app_install(p_device uuid, p_platform text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := coalesce(private.request_client_address(), 'unknown');
begin
  if p_device is null or p_platform is null or p_platform not in ('prompt', 'ios', 'other') then
    raise exception 'Installazione non valida.' using errcode = '22023', detail = 'invalid_install';
  end if;
  if exists (select 1 from public.app_installs where device_id = p_device) then
    return false;
  end if;
  -- Parallel reports from one address wait for each other, so none slips past the count.
  perform pg_advisory_xact_lock(hashtext('app_install:' || client));
  delete from private.app_install_clients where created_at < now() - interval '1 hour';
  if (select count(*) from private.app_install_clients c where c.address = client) >= 20 then
    return false;
  end if;
  insert into public.app_installs (device_id, platform, user_id)
  values (p_device, p_platform, auth.uid())
  on conflict (device_id) do nothing;
  if not found then
    return false;
  end if;
  insert into private.app_install_clients (address) values (client);
  return true;
end
$$;

revoke all on function private.record_app_install(uuid, text) from public;
grant execute on function private.record_app_install(uuid, text) to anon, authenticated, service_role;

/** The API's entry to private.record_app_install. */
create or replace function public.record_app_install(p_device uuid, p_platform text) returns boolean
language sql
set search_path = ''
as $$ select private.record_app_install(p_device, p_platform) $$;

revoke all on function public.record_app_install(uuid, text) from public;
grant execute on function public.record_app_install(uuid, text) to anon, authenticated, service_role;
