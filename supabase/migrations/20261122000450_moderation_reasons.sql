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

-- Statements of reasons (DSA art. 17): every decision on an account's ban is a new row with
-- its own date, never an edit, so the statement the user read and appealed against stays.
create table public.account_bans (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  decision text not null default 'ban' check (decision in ('ban', 'unban')),
  reason text check (char_length(reason) between 1 and 1000),
  -- Since when the suspension this statement belongs to runs (a new reason keeps it); null for an unban.
  banned_at timestamptz,
  created_at timestamptz not null default now(),
  check (decision = 'unban' or (reason is not null and banned_at is not null))
);

comment on table public.account_bans is 'Statements of reasons on account bans, one per decision (ban, new reason, unban), append-only: the latest is the one the user reads on /banned.';

create index account_bans_user_idx on public.account_bans (user_id, id desc);

/** Refuses to rewrite a statement of reasons, whoever asks: a new decision is a new row. */
create or replace function private.refuse_statement_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Una motivazione non può essere modificata: registra una nuova decisione.' using errcode = '42501', detail = 'statement_append_only';
end
$$;

revoke execute on function private.refuse_statement_change() from public, anon, authenticated;

create trigger account_bans_no_update before update on public.account_bans
  for each row execute function private.refuse_statement_change();

/**
 * Why: a ban and an unban are decisions with a statement of reasons, so staff make them only
 * through admin_set_banned, which writes the statement; admin_set_role to or from 'banned'
 * would change the role with none. The service role (seed, jobs) is not staff.
 */
create or replace function private.require_ban_statement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (old.role = 'banned') is distinct from (new.role = 'banned')
     and private.current_role_is_staff()
     and current_setting('app.ban_decision', true) is distinct from 'on' then
    raise exception 'Per bannare o sbloccare un utente usa Banna o Sblocca, con la motivazione.' using errcode = 'P0001', detail = 'ban_statement_required';
  end if;
  return new;
end
$$;

revoke execute on function private.require_ban_statement() from public, anon, authenticated;

create trigger profiles_ban_statement before update of role on public.profiles
  for each row execute function private.require_ban_statement();

alter table public.account_bans enable row level security;
revoke all on table public.account_bans from anon, authenticated;
grant all on table public.account_bans to service_role;
grant select on table public.account_bans to authenticated;

create policy "Users can read their ban statements and staff every one" on public.account_bans
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

/**
 * Staff: bans with a mandatory reason, gives a banned user a new reason, or unbans; each is a
 * new statement in account_bans (the user reads the latest on /banned and is notified of a new
 * reason or the unban). The role and listing rules are private.admin_set_banned(uuid, boolean)'s.
 */
create or replace function private.admin_set_banned(p_user_id uuid, p_banned boolean, p_reason text) returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  reason text := trim(coalesce(p_reason, ''));
  banning boolean := coalesce(p_banned, false);
  was_banned boolean;
  since timestamptz;
  target public.profiles;
begin
  perform private.require_staff();
  -- Locked first, so two parallel decisions on one user are written one after the other.
  select role = 'banned' into was_banned from public.profiles where id = p_user_id for update;
  -- The audit row the role change writes carries this reason (control panel migration). The
  -- role rules come first; a missing reason then undoes the change with the transaction.
  perform private.set_audit_reason(reason);
  perform set_config('app.ban_decision', 'on', true);
  target := private.admin_set_banned(p_user_id, p_banned);
  perform set_config('app.ban_decision', '', true);
  if banning and reason = '' then
    raise exception 'Indica il motivo del ban.' using errcode = 'P0001', detail = 'reason_required';
  end if;
  if char_length(reason) > 1000 then
    raise exception 'Il motivo può contenere al massimo 1000 caratteri.' using errcode = 'P0001', detail = 'reason_too_long';
  end if;
  if banning then
    if was_banned then
      select b.banned_at into since from public.account_bans b where b.user_id = p_user_id order by b.id desc limit 1;
      insert into public.admin_notifications (user_id, type, entity_id, message)
      values (p_user_id, 'ban_reason_changed', p_user_id::text, 'La motivazione della sospensione del tuo account è cambiata: ' || private.as_sentence(reason));
    end if;
    insert into public.account_bans (user_id, decision, reason, banned_at)
    values (p_user_id, 'ban', reason, coalesce(since, now()));
  elsif was_banned then
    insert into public.account_bans (user_id, decision, reason) values (p_user_id, 'unban', nullif(reason, ''));
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (p_user_id, 'account_unbanned', p_user_id::text,
      'Il tuo account è stato riattivato' || coalesce(': ' || private.as_sentence(reason), '.') || ' I tuoi annunci sono in pausa: puoi riattivarli da I Miei Annunci.');
  end if;
  perform private.set_audit_reason(null);
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
