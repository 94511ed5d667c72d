-- Statements of reasons and appeals: why and since when an account is banned (shown on
-- /banned), the one open appeal a banned user may file, and ticket threads in realtime.

-- The thread screen follows new messages and status changes live; RLS decides who gets them.
do $$
begin
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'ticket_messages') then
    alter publication supabase_realtime add table public.ticket_messages;
  end if;
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'tickets') then
    alter publication supabase_realtime add table public.tickets;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Ban reasons

create table public.account_bans (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 1000),
  banned_at timestamptz not null default now()
);

comment on table public.account_bans is 'The current ban of a banned account: the reason the user reads on /banned and since when.';

alter table public.account_bans enable row level security;
revoke all on table public.account_bans from anon, authenticated;
grant all on table public.account_bans to service_role;
grant select on table public.account_bans to authenticated;

create policy "Users can read their ban and staff every ban" on public.account_bans
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

/**
 * Staff: bans with a mandatory reason (kept in account_bans for the user to read) or unbans
 * (the reason goes, the user is notified). The role and listing rules are
 * private.admin_set_banned(uuid, boolean)'s.
 */
create or replace function private.admin_set_banned(p_user_id uuid, p_banned boolean, p_reason text) returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  reason text := trim(coalesce(p_reason, ''));
  was_banned boolean := exists (select 1 from public.profiles where id = p_user_id and role = 'banned');
  target public.profiles;
begin
  -- The audit row the role change writes carries this reason (control panel migration). The
  -- staff check comes first; a missing reason then undoes the change with the transaction.
  perform private.set_audit_reason(reason);
  target := private.admin_set_banned(p_user_id, p_banned);
  if coalesce(p_banned, false) and reason = '' then
    raise exception 'Indica il motivo del ban.' using errcode = 'P0001', detail = 'reason_required';
  end if;
  if char_length(reason) > 1000 then
    raise exception 'Il motivo può contenere al massimo 1000 caratteri.' using errcode = 'P0001', detail = 'reason_too_long';
  end if;
  if coalesce(p_banned, false) then
    -- A second ban of a banned user corrects the reason; the date stays the first one.
    insert into public.account_bans (user_id, reason) values (p_user_id, reason)
    on conflict (user_id) do update set reason = excluded.reason;
  elsif was_banned then
    delete from public.account_bans where user_id = p_user_id;
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (p_user_id, 'account_unbanned', p_user_id::text,
      'Il tuo account è stato riattivato' || coalesce(': ' || nullif(reason, ''), '') || '. I tuoi annunci sono in pausa: puoi riattivarli da I Miei Annunci.');
  end if;
  return target;
end
$$;

-- The two-argument body stays for its rules, but only through the function above.
revoke execute on function private.admin_set_banned(uuid, boolean) from public, anon, authenticated;
revoke execute on function private.admin_set_banned(uuid, boolean, text) from public, anon;
grant execute on function private.admin_set_banned(uuid, boolean, text) to authenticated, service_role;

drop function public.admin_set_banned(uuid, boolean);

/** The API's entry point to private.admin_set_banned, the SECURITY DEFINER body. */
create or replace function public.admin_set_banned(p_user_id uuid, p_banned boolean, p_reason text default null) returns public.profiles
language sql
security invoker
set search_path = ''
as $$
  select * from private.admin_set_banned(p_user_id, p_banned, p_reason)
$$;

revoke execute on function public.admin_set_banned(uuid, boolean, text) from public, anon;
grant execute on function public.admin_set_banned(uuid, boolean, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- Appeals

alter table public.tickets add column kind text not null default 'support' check (kind in ('support', 'appeal'));

-- At most one appeal waiting for staff per user, whatever path a ticket takes back to open.
create unique index tickets_one_open_appeal_idx on public.tickets (user_id)
  where kind = 'appeal' and status in ('open', 'in_progress');

/**
 * A banned user's appeal against the ban: a ticket of kind 'appeal' with the first message
 * (the support form's rules), filed under the account's e-mail. One open appeal at a time.
 */
create or replace function private.file_appeal(p_message text) returns public.tickets
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  email text;
  body text := trim(coalesce(p_message, ''));
  t public.tickets;
begin
  if uid is null then
    raise exception 'Devi accedere per eseguire questa operazione.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  -- The profile lock makes two parallel appeals wait for each other.
  perform 1 from public.profiles where id = uid and role = 'banned' for update;
  if not found then
    raise exception 'Solo un account sospeso può presentare un ricorso.' using errcode = '42501', detail = 'not_banned';
  end if;
  if exists (select 1 from public.tickets where user_id = uid and kind = 'appeal' and status in ('open', 'in_progress')) then
    raise exception 'Hai già un ricorso aperto: lo staff ti risponderà in I Miei Ticket.' using errcode = 'P0001', detail = 'appeal_open';
  end if;
  if char_length(body) < 20 then
    raise exception 'Il messaggio deve contenere almeno 20 caratteri.' using errcode = 'P0001', detail = 'message_too_short';
  end if;
  if char_length(body) > 5000 then
    raise exception 'Il messaggio può contenere al massimo 5000 caratteri.' using errcode = 'P0001', detail = 'message_too_long';
  end if;
  select lower(u.email) into email from auth.users u where u.id = uid;
  if not private.is_valid_email(email) then
    raise exception 'Il tuo account non ha un''email valida.' using errcode = 'P0001', detail = 'email_invalid';
  end if;
  insert into public.tickets (subject, kind, user_id, reporter_email, last_replied_by)
  values ('Ricorso contro la sospensione dell''account', 'appeal', uid, email, 'user')
  returning * into t;
  insert into public.ticket_messages (ticket_id, author_id, author_role, body)
  values (t.id, uid, 'user', body);
  return t;
end
$$;

revoke execute on function private.file_appeal(text) from public, anon;
grant execute on function private.file_appeal(text) to authenticated, service_role;

/** The API's entry point to private.file_appeal, the SECURITY DEFINER body. */
create or replace function public.file_appeal(p_message text) returns public.tickets
language sql
security invoker
set search_path = ''
as $$
  select * from private.file_appeal(p_message)
$$;

revoke execute on function public.file_appeal(text) from public, anon;
grant execute on function public.file_appeal(text) to authenticated, service_role;
