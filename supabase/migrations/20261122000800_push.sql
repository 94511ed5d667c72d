-- Web push: whenever a ticket_reply or ticket_resolved notification for a user is
-- written, the send-push Edge Function runs (private.call_edge_function: a Database Webhook
-- through pg_net on Supabase, NOTIFY local_webhooks locally). The payload has Supabase's
-- webhook shape: {type, table, schema, record, old_record}.

/** Sends the new notification to send-push. */
create or replace function private.dispatch_push_webhook() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.call_edge_function('send-push', jsonb_build_object(
    'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema,
    'record', to_jsonb(new), 'old_record', null));
  return null;
end
$$;

revoke execute on function private.dispatch_push_webhook() from public, anon, authenticated;

create trigger admin_notifications_send_push after insert on public.admin_notifications
  for each row when (new.user_id is not null and new.type in ('ticket_reply', 'ticket_resolved'))
  execute function private.dispatch_push_webhook();

-- ---------------------------------------------------------------------------------------
-- Push endpoints: send-push posts to whatever endpoint a subscription
-- holds, so only https URLs of the browser push services are accepted: FCM (Chrome, Edge on
-- Android, Opera), Mozilla autopush (Firefox), Apple (Safari) and Microsoft WNS. send-push
-- checks the same list again before it posts (supabase/functions/_shared/push-endpoint.ts).

create schema if not exists private;

create table private.extra_push_origins (
  origin text primary key
);

comment on table private.extra_push_origins is
  'Origins accepted as push endpoints besides the browser push services. Empty on every deployment; only the local test platform adds its fake push service.';

revoke all on table private.extra_push_origins from public;
-- No policy: no API role reads or writes it (the schema is not exposed either).
alter table private.extra_push_origins enable row level security;

/** Why: one rule for every writer (users, service role, SQL): a push endpoint is a push service's https URL. */
create or replace function private.is_push_service_endpoint(p_endpoint text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    p_endpoint ~* '^https://(fcm\.googleapis\.com|(updates\.)?push\.services\.mozilla\.com|([a-z0-9-]+\.)+push\.apple\.com|([a-z0-9-]+\.)+notify\.windows\.com)/[^\s]*$'
    or exists (select 1 from private.extra_push_origins o where p_endpoint like o.origin || '/%'),
    false)
$$;

/** Refuses a push subscription whose endpoint is not a browser push service. */
create or replace function private.check_push_endpoint() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_push_service_endpoint(new.endpoint) then
    raise exception 'Indirizzo di notifica non valido: sono accettati solo i servizi push dei browser.'
      using errcode = '23514', detail = 'invalid_push_endpoint';
  end if;
  return new;
end
$$;

revoke execute on function private.is_push_service_endpoint(text) from public, anon, authenticated;
revoke execute on function private.check_push_endpoint() from public, anon, authenticated;

create trigger push_subscriptions_check_endpoint before insert or update of endpoint on public.push_subscriptions
  for each row execute function private.check_push_endpoint();
