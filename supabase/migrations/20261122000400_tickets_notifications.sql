-- Support tickets and their messages, the notification bell (admin_notifications, in the
-- realtime publication) with the triggers that feed it, and web-push subscriptions.

create table public.tickets (
  id uuid primary key default gen_random_uuid(),
  subject text not null check (char_length(subject) between 1 and 200),
  status text not null default 'open' check (status in ('open', 'in_progress', 'resolved', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_replied_by text check (last_replied_by is null or last_replied_by in ('user', 'admin', 'supporto')),
  listing_id uuid references public.listings (id) on delete set null,
  user_id uuid references public.profiles (id) on delete set null,
  reporter_email text not null check (private.is_valid_email(reporter_email)),
  -- The id the app made when the user acted: an offline copy sent again opens no second
  -- ticket (docs/decisions/1008-offline-writes-applied-once.md). Unique per user.
  client_id uuid,
  unique (user_id, client_id)
);

create index tickets_user_updated_idx on public.tickets (user_id, updated_at desc);
create index tickets_reporter_email_idx on public.tickets (lower(reporter_email), updated_at desc);
create index tickets_status_updated_idx on public.tickets (status, updated_at desc);
create index tickets_listing_idx on public.tickets (listing_id) where listing_id is not null;

create table public.ticket_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references public.tickets (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  author_role text not null check (author_role in ('user', 'admin', 'supporto')),
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  -- The id the app made when the user wrote: a reply sent again is added once; the realtime
  -- echo carries it, so the app knows its queued copy. Unique per author.
  client_id uuid,
  unique (author_id, client_id)
);

create index ticket_messages_ticket_created_idx on public.ticket_messages (ticket_id, created_at);

create table public.admin_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete cascade,
  type text not null,
  entity_id text,
  message text not null,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  -- What makes a job's notification unique (e.g. listing_expired:<id>:<expires_at>): the jobs
  -- insert with `on conflict do nothing`, so running one twice notifies once.
  dedupe_key text
);

comment on table public.admin_notifications is 'The bell: user_id null = staff-wide, else one user.';

create index admin_notifications_user_created_idx on public.admin_notifications (user_id, created_at desc);
create index admin_notifications_staff_created_idx on public.admin_notifications (created_at desc) where user_id is null;
create index admin_notifications_entity_idx on public.admin_notifications (type, entity_id);
create unique index admin_notifications_dedupe_key_idx on public.admin_notifications (dedupe_key) where dedupe_key is not null;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now()
);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

do $$
begin
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'admin_notifications') then
    alter publication supabase_realtime add table public.admin_notifications;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Triggers that write notifications

/** A new ticket tells the staff (user_id null); the bell links to /my-tickets/{id}. */
create or replace function private.notify_new_ticket() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.admin_notifications (user_id, type, entity_id, message)
  values (null, 'new_ticket', new.id::text, 'Nuovo ticket da ' || new.reporter_email || ': ' || left(new.subject, 120));
  return null;
end
$$;

create trigger tickets_notify_new after insert on public.tickets
  for each row execute function private.notify_new_ticket();

/** A resolved ticket tells its owner. */
create or replace function private.notify_ticket_resolved() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null then
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (new.user_id, 'ticket_resolved', new.id::text, 'Il tuo ticket "' || left(new.subject, 120) || '" è stato risolto.');
  end if;
  return null;
end
$$;

create trigger tickets_notify_resolved after update of status on public.tickets
  for each row when (new.status = 'resolved' and old.status is distinct from 'resolved')
  execute function private.notify_ticket_resolved();

/** A staff reply tells the ticket's owner; a user's reply tells the staff. */
create or replace function private.notify_ticket_reply() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.tickets%rowtype;
begin
  select * into t from public.tickets where id = new.ticket_id;
  if new.author_role in ('admin', 'supporto') then
    if t.user_id is not null and t.user_id is distinct from new.author_id then
      insert into public.admin_notifications (user_id, type, entity_id, message)
      values (t.user_id, 'ticket_reply', t.id::text, 'Nuova risposta al tuo ticket "' || left(t.subject, 120) || '".');
    end if;
  elsif exists (select 1 from public.ticket_messages m where m.ticket_id = new.ticket_id and m.id <> new.id) then
    insert into public.admin_notifications (user_id, type, entity_id, message)
    values (null, 'ticket_reply', t.id::text, 'Nuova risposta dell''utente al ticket "' || left(t.subject, 120) || '".');
  end if;
  return null;
end
$$;

create trigger ticket_messages_notify_reply after insert on public.ticket_messages
  for each row execute function private.notify_ticket_reply();

/** The Italian label of a report reason code, as the report form shows it. */
create or replace function private.report_reason_label(p_reason text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_reason
    when 'truffa' then 'Annuncio falso o truffa'
    when 'minorenne' then 'Minori o tratta di persone'
    when 'contenuto-inappropriato' then 'Contenuto inappropriato o illecito'
    when 'foto-false' then 'Foto false o non corrispondenti'
    when 'spam' then 'Spam o annuncio duplicato'
    else 'Altro'
  end
$$;

/**
 * Why: a notification quotes staff's own words (a refusal's or a ban's reason) and goes on
 * after them; a reason typed with its full stop would read '..' with ours (issue 43). Returns
 * the trimmed text ending with one stop, its own ('.', '!', '?', '…') or '.'; null for none.
 */
create or replace function private.as_sentence(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when s.t ~ '[.!?…]$' then s.t else s.t || '.' end
    from (select nullif(trim(p_text), '') as t) s
$$;

/** A new listing report tells the staff, with its reason in Italian (an urgent one says so first); the bell opens Segnalazioni. */
create or replace function private.notify_new_report() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  title text;
begin
  select l.title into title from public.listings l where l.id = new.listing_id;
  insert into public.admin_notifications (user_id, type, entity_id, message)
  values (null, 'new_report', new.id::text,
    case when new.reason = 'minorenne' then 'URGENTE – ' else '' end || 'Nuova segnalazione: ' || private.report_reason_label(new.reason) || ', annuncio "' || left(coalesce(title, ''), 120) || '".');
  return null;
end
$$;

create trigger listing_reports_notify_new after insert on public.listing_reports
  for each row execute function private.notify_new_report();

-- ---------------------------------------------------------------------------------------
-- Ticket functions

/**
 * Opens a ticket for the signed-in, not banned caller with its first message (message >= 20
 * characters); the subject defaults to the footer's 'Nuova richiesta di supporto generale'.
 * The ticket's address is always the account's own e-mail, read here: p_sender_email (what
 * the form sends) is not trusted, or anyone could file tickets, and read the replies, under
 * another user's address. A p_client_id the caller already used returns that ticket, with no
 * second message or notification, even if its listing went out of sight since: the app's outbox
 * may send one ticket many times (1008). That id with another message, subject or listing is
 * refused (client_id_reused) rather than answered with a ticket about something else.
 */
create or replace function private.create_ticket(
  p_message text,
  p_subject text default null,
  p_listing_id uuid default null,
  p_client_id uuid default null
) returns public.tickets
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  email text := (select lower(u.email) from auth.users u where u.id = uid);
  body text := trim(coalesce(p_message, ''));
  subject text := left(coalesce(nullif(trim(p_subject), ''), 'Nuova richiesta di supporto generale'), 200);
  t public.tickets;
begin
  if not private.is_valid_email(email) then
    raise exception 'Il tuo account non ha un''email valida.' using errcode = 'P0001', detail = 'email_invalid';
  end if;
  if char_length(body) < 20 then
    raise exception 'Il messaggio deve contenere almeno 20 caratteri.' using errcode = 'P0001', detail = 'message_too_short';
  end if;
  if char_length(body) > 5000 then
    raise exception 'Il messaggio può contenere al massimo 5000 caratteri.' using errcode = 'P0001', detail = 'message_too_long';
  end if;
  -- A copy already applied is the answer, whatever became of its listing since.
  select * into t from public.tickets x where x.user_id = uid and x.client_id = p_client_id;
  if not found then
    -- Someone else's waiting or refused listing is as unknown as a made-up id (issue 41).
    if p_listing_id is not null and not private.listing_is_known(p_listing_id) then
      raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
    end if;
    insert into public.tickets (subject, listing_id, user_id, reporter_email, last_replied_by, client_id)
    values (subject, p_listing_id, uid, email, 'user', p_client_id)
    on conflict (user_id, client_id) do nothing
    returning * into t;
    if found then
      insert into public.ticket_messages (ticket_id, author_id, author_role, body)
      values (t.id, uid, 'user', body);
      return t;
    end if;
    -- A parallel copy committed first: the insert waited for it.
    select * into t from public.tickets x where x.user_id = uid and x.client_id = p_client_id;
  end if;
  -- A listing deleted since left null on the ticket.
  if t.subject <> subject or (t.listing_id is not null and t.listing_id is distinct from p_listing_id)
     or (select m.body from public.ticket_messages m where m.ticket_id = t.id order by m.created_at, m.id limit 1) is distinct from body then
    raise exception 'Questa richiesta è già stata inviata con un altro contenuto.' using errcode = 'P0001', detail = 'client_id_reused';
  end if;
  return t;
end
$$;

/**
 * The ticket, locked, when the caller may act on it: staff, its owner, or the address it
 * was reported from; else 'Ticket non trovato.', so others learn nothing.
 */
create or replace function private.lock_visible_ticket(p_ticket_id uuid) returns public.tickets
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.tickets;
begin
  select * into t from public.tickets where id = p_ticket_id for update;
  if not found or not (private.current_role_is_staff() or t.user_id = auth.uid()
                       or lower(t.reporter_email) = lower(coalesce(auth.jwt() ->> 'email', ''))) then
    raise exception 'Ticket non trovato.' using errcode = 'P0001', detail = 'ticket_not_found';
  end if;
  return t;
end
$$;

/**
 * Adds a message to a ticket. The ticket's owner (user_id or reporter_email) answers as
 * 'user' and reopens a resolved ticket; staff answer as their role and move an open
 * ticket to in_progress. Closed tickets take no replies. A p_client_id the author already used
 * on this ticket returns that message, even if the ticket closed since: the app's outbox may
 * send one reply many times and cannot know which copy arrived (1008). That id with another
 * text, or on another ticket (even in parallel), is refused (client_id_reused).
 */
create or replace function private.reply_ticket(p_ticket_id uuid, p_body text, p_client_id uuid default null)
returns public.ticket_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  r text := private.current_user_role();
  t public.tickets := private.lock_visible_ticket(p_ticket_id);
  body text := trim(coalesce(p_body, ''));
  author text := case when r in ('admin', 'supporto') then r else 'user' end;
  m public.ticket_messages;
begin
  -- Looked up under the ticket's lock, so a parallel copy has committed or not started.
  select * into m from public.ticket_messages x where x.author_id = uid and x.client_id = p_client_id;
  if found and m.ticket_id = t.id and m.body = body then
    return m;
  elsif found and m.ticket_id = t.id then
    raise exception 'Questo messaggio è già stato inviato con un altro testo.' using errcode = 'P0001', detail = 'client_id_reused';
  elsif found then
    raise exception 'Questo messaggio è già stato inviato in un altro ticket.' using errcode = 'P0001', detail = 'client_id_reused';
  end if;
  if t.status = 'closed' then
    raise exception 'Il ticket è chiuso: non è possibile rispondere.' using errcode = 'P0001', detail = 'ticket_closed';
  end if;
  if char_length(body) < 1 then
    raise exception 'Il messaggio non può essere vuoto.' using errcode = 'P0001', detail = 'message_empty';
  end if;
  if char_length(body) > 5000 then
    raise exception 'Il messaggio può contenere al massimo 5000 caratteri.' using errcode = 'P0001', detail = 'message_too_long';
  end if;
  begin
    insert into public.ticket_messages (ticket_id, author_id, author_role, body, client_id)
    values (t.id, uid, author, body, p_client_id)
    returning * into m;
  exception when unique_violation then
    -- The same id sent on another ticket at the same moment (that ticket's lock is not ours).
    raise exception 'Questo messaggio è già stato inviato in un altro ticket.' using errcode = 'P0001', detail = 'client_id_reused';
  end;
  update public.tickets
     set last_replied_by = author,
         updated_at = now(),
         status = case
           when author = 'user' and status = 'resolved' then 'open'
           when author <> 'user' and status = 'open' then 'in_progress'
           else status end
   where id = t.id;
  return m;
end
$$;

/**
 * Sets a ticket's status. Staff may set any status; the ticket's owner may only close
 * it (or reopen a resolved one).
 */
create or replace function private.set_ticket_status(p_ticket_id uuid, p_status text) returns public.tickets
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff boolean;
  t public.tickets;
begin
  perform private.require_active_user();
  staff := private.current_role_is_staff();
  if p_status is null or p_status not in ('open', 'in_progress', 'resolved', 'closed') then
    raise exception 'Stato del ticket non valido.' using errcode = 'P0001', detail = 'invalid_status';
  end if;
  t := private.lock_visible_ticket(p_ticket_id);
  if not staff and not (p_status = 'closed' or (p_status = 'open' and t.status = 'resolved')) then
    raise exception 'Puoi solo chiudere il ticket o riaprirlo se risolto.' using errcode = '42501', detail = 'forbidden';
  end if;
  update public.tickets set status = p_status, updated_at = now() where id = t.id returning * into t;
  return t;
end
$$;

/**
 * Marks notifications read (all the caller's unread ones when p_ids is null). Users mark
 * their own; staff also the staff-wide ones. p_up_to (the newest notification the user saw)
 * bounds 'Segna tutte come lette', so a copy sent again later marks nothing newer (1008).
 * Returns how many changed.
 */
create or replace function private.mark_notifications_read(p_ids uuid[] default null, p_up_to timestamptz default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  staff boolean := private.current_role_is_staff();
  n integer;
begin
  update public.admin_notifications a
     set is_read = true
   where not a.is_read
     and (p_ids is null or a.id = any (p_ids))
     and (p_up_to is null or a.created_at <= p_up_to)
     and (a.user_id = uid or (staff and a.user_id is null));
  get diagnostics n = row_count;
  return n;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Privileges and RLS

alter table public.tickets enable row level security;
alter table public.ticket_messages enable row level security;
alter table public.admin_notifications enable row level security;
alter table public.push_subscriptions enable row level security;

revoke all on table public.tickets, public.ticket_messages, public.admin_notifications, public.push_subscriptions
  from anon, authenticated;
grant all on table public.tickets, public.ticket_messages, public.admin_notifications, public.push_subscriptions
  to service_role;

grant select on table public.tickets, public.ticket_messages to authenticated;

create policy "Users can read their tickets and staff all" on public.tickets
  for select to authenticated
  using (user_id = (select auth.uid()) or lower(reporter_email) = lower((select auth.jwt()) ->> 'email')
         or (select private.current_role_is_staff()));

create policy "Users can read messages of their tickets and staff all" on public.ticket_messages
  for select to authenticated
  using (exists (select 1 from public.tickets t where t.id = ticket_id
                 and (t.user_id = (select auth.uid()) or lower(t.reporter_email) = lower((select auth.jwt()) ->> 'email')))
         or (select private.current_role_is_staff()));

grant select on table public.admin_notifications to authenticated;
grant update (is_read) on table public.admin_notifications to authenticated;

create policy "Users can read their notifications and staff the staff-wide ones" on public.admin_notifications
  for select to authenticated
  using (user_id = (select auth.uid()) or (user_id is null and (select private.current_role_is_staff())));

create policy "Users can mark their notifications read and staff the staff-wide ones" on public.admin_notifications
  for update to authenticated
  using ((user_id = (select auth.uid()) and (select private.current_user_can_write()))
         or (user_id is null and (select private.current_role_is_staff())))
  with check (user_id = (select auth.uid()) or user_id is null);

grant select, delete on table public.push_subscriptions to authenticated;
grant insert (user_id, endpoint, p256dh, auth, user_agent) on table public.push_subscriptions to authenticated;
grant update (p256dh, auth, user_agent) on table public.push_subscriptions to authenticated;

create policy "Users can read their push subscriptions" on public.push_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their push subscriptions" on public.push_subscriptions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.current_user_can_write()));

create policy "Users can update their push subscriptions" on public.push_subscriptions
  for update to authenticated
  using (user_id = (select auth.uid()) and (select private.current_user_can_write()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their push subscriptions" on public.push_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke execute on function private.notify_new_ticket() from public, anon, authenticated;
revoke execute on function private.notify_ticket_resolved() from public, anon, authenticated;
revoke execute on function private.notify_ticket_reply() from public, anon, authenticated;
revoke execute on function private.notify_new_report() from public, anon, authenticated;
revoke execute on function private.report_reason_label(text) from public, anon;
revoke execute on function private.as_sentence(text) from public, anon, authenticated;
revoke execute on function private.create_ticket(text, text, uuid, uuid) from public, anon;
revoke execute on function private.lock_visible_ticket(uuid) from public, anon, authenticated;
revoke execute on function private.reply_ticket(uuid, text, uuid) from public, anon;
revoke execute on function private.set_ticket_status(uuid, text) from public, anon;
revoke execute on function private.mark_notifications_read(uuid[], timestamptz) from public, anon;
grant execute on function private.create_ticket(text, text, uuid, uuid), private.reply_ticket(uuid, text, uuid),
  private.set_ticket_status(uuid, text), private.mark_notifications_read(uuid[], timestamptz) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/**
 * The API's entry point to private.create_ticket, the SECURITY DEFINER body. p_sender_email
 * keeps the API's shape and is not used: the ticket is filed under the caller's own e-mail.
 */
create or replace function public.create_ticket(
  p_sender_email text,
  p_message text,
  p_subject text default null,
  p_listing_id uuid default null,
  p_client_id uuid default null
) returns public.tickets
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_ticket(p_message, p_subject, p_listing_id, p_client_id)
$$;

/** The API's entry point to private.reply_ticket, the SECURITY DEFINER body. */
create or replace function public.reply_ticket(p_ticket_id uuid, p_body text, p_client_id uuid default null)
returns public.ticket_messages
language sql
security invoker
set search_path = ''
as $$
  select * from private.reply_ticket(p_ticket_id, p_body, p_client_id)
$$;

/** The API's entry point to private.set_ticket_status, the SECURITY DEFINER body. */
create or replace function public.set_ticket_status(p_ticket_id uuid, p_status text) returns public.tickets
language sql
security invoker
set search_path = ''
as $$
  select * from private.set_ticket_status(p_ticket_id, p_status)
$$;

/** The API's entry point to private.mark_notifications_read, the SECURITY DEFINER body. */
create or replace function public.mark_notifications_read(p_ids uuid[] default null, p_up_to timestamptz default null)
returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.mark_notifications_read(p_ids, p_up_to)
$$;

revoke execute on function public.create_ticket(text, text, text, uuid, uuid) from public, anon;
revoke execute on function public.reply_ticket(uuid, text, uuid) from public, anon;
revoke execute on function public.set_ticket_status(uuid, text) from public, anon;
revoke execute on function public.mark_notifications_read(uuid[], timestamptz) from public, anon;
grant execute on function public.create_ticket(text, text, text, uuid, uuid), public.reply_ticket(uuid, text, uuid),
  public.set_ticket_status(uuid, text), public.mark_notifications_read(uuid[], timestamptz) to authenticated, service_role;
