-- Installs of the app on a home screen ('appinstalled'), counted in our own database (no
-- third-party analytics): one row per device, staff read them.

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

/**
 * Why: visitors install without an account, so anyone may report an install, but only
 * through here: one row per device, a known platform, and at most 300 new rows a minute
 * across the site so a script cannot flood the table.
 */
create or replace function private.record_app_install(p_device uuid, p_platform text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_device is null or p_platform is null or p_platform not in ('prompt', 'ios', 'other') then
    raise exception 'Installazione non valida.' using errcode = '22023', detail = 'invalid_install';
  end if;
  if (select count(*) from public.app_installs where created_at > now() - interval '1 minute') >= 300 then
    return false;
  end if;
  insert into public.app_installs (device_id, platform, user_id)
  values (p_device, p_platform, auth.uid())
  on conflict (device_id) do nothing;
  return found;
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
