-- Reports from anyone (DSA art. 16): a visitor reports a listing without an account through
-- report_listing, with an optional e-mail for the answer; a flood is refused per device and
-- per client address, both kept only as hashes with the day's salt (as the statistics do,
-- private.listing_stats_salt) and deleted with the day. When staff decide a report, the
-- statement of reasons is queued for the reporter who left an e-mail (mail_outbox).

insert into public.settings (key, value, description) values
  ('report_limit_device_hour', '3', 'Segnalazioni all''ora da un dispositivo'),
  ('report_limit_device_day', '10', 'Segnalazioni al giorno da un dispositivo (giorno di Roma)'),
  ('report_limit_address_hour', '10', 'Segnalazioni all''ora da un indirizzo IP'),
  ('report_limit_address_day', '30', 'Segnalazioni al giorno da un indirizzo IP (giorno di Roma)')
on conflict (key) do nothing;

-- Who sent the reports of the day, for the limits only: the device id and the client address
-- hashed with the day's salt (never the raw values), deleted when the day is over.
create table private.report_senders (
  day date not null,
  device_hash bytea,
  address_hash bytea not null,
  created_at timestamptz not null default now()
);

create index report_senders_device_idx on private.report_senders (device_hash, created_at);
create index report_senders_address_idx on private.report_senders (address_hash, created_at);

revoke all on table private.report_senders from public;
alter table private.report_senders enable row level security;

-- The id the app made when the reporter acted: a report sent again from an offline outbox is
-- filed once (docs/decisions/1008-offline-writes-applied-once.md). Scoped to the reporter and
-- the listing, so another's same id is another report; a visitor's (reporter_id null) is kept
-- hashed with the device's id, so only the device that made it finds its report.
alter table public.listing_reports add column client_id uuid;

create unique index listing_reports_client_idx on public.listing_reports (client_id, reporter_id, listing_id) nulls not distinct
  where client_id is not null;

-- E-mails the platform owes to people without an account (today: the statement of reasons to
-- a reporter). The local platform only keeps them; the deploy sends them with a provider and
-- stamps sent_at (docs/decisions/0811-reports-from-anyone.md). Service role only.
create table public.mail_outbox (
  id bigint generated always as identity primary key,
  to_email text not null check (private.is_valid_email(to_email)),
  subject text not null,
  body text not null,
  kind text not null check (kind in ('report_decision')),
  entity_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

comment on table public.mail_outbox is 'E-mails to send to people without an account (a report''s statement of reasons); the deploy''s sender stamps sent_at. Service role only.';

create index mail_outbox_unsent_idx on public.mail_outbox (created_at) where sent_at is null;

alter table public.mail_outbox enable row level security;
revoke all on table public.mail_outbox from anon, authenticated;
grant all on table public.mail_outbox to service_role;

/**
 * Why: a notice about illegal content is open to anyone (DSA art. 16), a witness of a minor
 * will not open an account first. Files a report on a public listing (anything else answers
 * 'Annuncio non trovato.', waiting, refused or unknown alike) for a visitor or a signed-in
 * user, with an optional e-mail for the statement of reasons. A flood is refused: at most the
 * settings' number of reports an hour and a day (Rome day) per device and per client address,
 * both counted as hashes with the day's salt. A signed-in user keeps one open report a listing.
 * A p_client_id already filed by the same reporter (a visitor: the same p_device) on that
 * listing returns that report, before the limits: a copy sent again is neither counted nor
 * notified twice, and another visitor's same id neither finds that report nor is swallowed by it.
 */
create or replace function private.report_listing(
  p_listing_id uuid,
  p_reason text,
  p_details text default null,
  p_email text default null,
  p_device uuid default null,
  p_client_id uuid default null
) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  now_at timestamptz := now();
  today date := private.stats_day(now_at);
  salt bytea := private.listing_stats_salt(today);
  addr_hash bytea := private.salted_client_address(salt);
  dev_hash bytea := case when p_device is null then null else sha256(salt || convert_to('device:', 'UTF8') || uuid_send(p_device)) end;
  uid uuid := (select p.id from public.profiles p where p.id = auth.uid());
  -- Visitors share reporter_id null: their key is the id hashed with the device's (neither kept).
  v_client uuid := case when uid is null and p_client_id is not null
                        then substr(encode(sha256(uuid_send(p_client_id) || coalesce(uuid_send(p_device), ''::bytea)), 'hex'), 1, 32)::uuid
                        else p_client_id end;
  v_email text := nullif(lower(trim(coalesce(p_email, ''))), '');
  v_details text := nullif(trim(coalesce(p_details, '')), '');
  report_id uuid;
begin
  -- Before the listing's state and the limits: a copy applied before either changed stays applied.
  select r.id into report_id from public.listing_reports r
   where r.client_id = v_client and r.reporter_id is not distinct from uid and r.listing_id = p_listing_id;
  if found then
    return report_id;
  end if;
  if p_reason is null or p_reason not in ('spam', 'truffa', 'minorenne', 'contenuto-inappropriato', 'foto-false', 'altro') then
    raise exception 'Scegli un motivo.' using errcode = 'P0001', detail = 'reason_invalid';
  end if;
  if v_email is not null and (char_length(v_email) > 254 or not private.is_valid_email(v_email)) then
    raise exception 'Indirizzo e-mail non valido.' using errcode = 'P0001', detail = 'email_invalid';
  end if;
  if char_length(v_details) > 2000 then
    raise exception 'I dettagli possono contenere al massimo 2000 caratteri.' using errcode = 'P0001', detail = 'details_too_long';
  end if;
  if not exists (select 1 from public.listings l
                  where l.id = p_listing_id and private.listing_is_public(l.is_paused, l.expires_at, l.review_status, now_at)) then
    raise exception 'Annuncio non trovato.' using errcode = 'P0001', detail = 'listing_not_found';
  end if;

  -- Parallel reports from one address wait for each other, so none slips past the count.
  perform pg_advisory_xact_lock(hashtext('report_listing:' || encode(addr_hash, 'hex')));
  if dev_hash is not null then
    perform pg_advisory_xact_lock(hashtext('report_listing:' || encode(dev_hash, 'hex')));
  end if;
  delete from private.report_senders where day < today;
  if dev_hash is not null and (
       (select count(*) from private.report_senders s where s.device_hash = dev_hash and s.created_at > now_at - interval '1 hour')
         >= private.setting_int('report_limit_device_hour', 3)
       or (select count(*) from private.report_senders s where s.device_hash = dev_hash)
         >= private.setting_int('report_limit_device_day', 10)) then
    raise exception 'Hai inviato troppe segnalazioni da questo dispositivo. Riprova più tardi; se qualcuno è in pericolo chiama il 112.'
      using errcode = 'P0001', detail = 'report_limit_device';
  end if;
  if (select count(*) from private.report_senders s where s.address_hash = addr_hash and s.created_at > now_at - interval '1 hour')
       >= private.setting_int('report_limit_address_hour', 10)
     or (select count(*) from private.report_senders s where s.address_hash = addr_hash)
       >= private.setting_int('report_limit_address_day', 30) then
    raise exception 'Troppe segnalazioni dalla tua rete. Riprova più tardi; se qualcuno è in pericolo chiama il 112.'
      using errcode = 'P0001', detail = 'report_limit_address';
  end if;

  begin
    insert into public.listing_reports (listing_id, reporter_id, reason, details, reporter_email, client_id)
    values (p_listing_id, uid, p_reason, v_details, v_email, v_client)
    on conflict (client_id, reporter_id, listing_id) where client_id is not null do nothing
    returning id into report_id;
    if report_id is null then
      select r.id into report_id from public.listing_reports r
       where r.client_id = v_client and r.reporter_id is not distinct from uid and r.listing_id = p_listing_id;
      return report_id;
    end if;
  exception when unique_violation then
    raise exception 'Hai già segnalato questo annuncio: la segnalazione è in esame.' using errcode = 'P0001', detail = 'report_duplicate';
  end;
  insert into private.report_senders (day, device_hash, address_hash, created_at) values (today, dev_hash, addr_hash, now_at);
  return report_id;
end
$$;

revoke all on function private.report_listing(uuid, text, text, text, uuid, uuid) from public;
grant execute on function private.report_listing(uuid, text, text, text, uuid, uuid) to anon, authenticated, service_role;

/** The API's entry to private.report_listing, the SECURITY DEFINER body (visitors and users). */
create or replace function public.report_listing(
  p_listing_id uuid,
  p_reason text,
  p_details text default null,
  p_email text default null,
  p_device uuid default null,
  p_client_id uuid default null
) returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$ select private.report_listing(p_listing_id, p_reason, p_details, p_email, p_device, p_client_id) $$;

revoke all on function public.report_listing(uuid, text, text, text, uuid, uuid) from public;
grant execute on function public.report_listing(uuid, text, text, text, uuid, uuid) to anon, authenticated, service_role;

/**
 * Why: the reporter is told the decision on her notice and its reasons (DSA art. 16(5)). When
 * staff close a report (archived, or upheld by removing the listing) and the reporter left an
 * e-mail, the statement of reasons is queued in mail_outbox: the decision, the reason staff
 * gave (the one private.set_audit_reason set for this transaction), when, and the listing.
 */
create or replace function private.mail_report_decision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  title text;
  note text := nullif(trim(coalesce(current_setting('app.audit_reason', true), '')), '');
begin
  if new.reporter_email is null or new.status = 'open' or new.status is not distinct from old.status then
    return null;
  end if;
  select l.title into title from public.listings l where l.id = new.listing_id;
  insert into public.mail_outbox (to_email, subject, body, kind, entity_id)
  values (new.reporter_email, 'Esito della tua segnalazione',
    'Abbiamo esaminato la tua segnalazione dell''annuncio "' || left(coalesce(title, ''), 120) || '" ('
      || private.report_reason_label(new.reason) || '), ricevuta il '
      || to_char(new.created_at at time zone 'Europe/Rome', 'DD/MM/YYYY "alle" HH24:MI') || E'.\n\n'
      || 'Decisione: ' || case new.status when 'reviewed' then 'l''annuncio è stato rimosso.'
                                          else 'la segnalazione è stata archiviata senza provvedimenti sull''annuncio.' end || E'\n'
      || 'Motivazione: ' || coalesce(note, 'nessuna motivazione aggiuntiva.') || E'\n'
      || 'Data della decisione: ' || to_char(coalesce(new.reviewed_at, now()) at time zone 'Europe/Rome', 'DD/MM/YYYY "alle" HH24:MI') || E'.\n\n'
      || 'Se non sei d''accordo puoi scriverci dalla pagina di supporto del sito. Se qualcuno è in pericolo chiama il 112; '
      || 'Numero Verde Antitratta 800 290 290.',
    'report_decision', new.id::text);
  return null;
end
$$;

revoke execute on function private.mail_report_decision() from public, anon, authenticated;

create trigger listing_reports_mail_decision after update of status on public.listing_reports
  for each row execute function private.mail_report_decision();
