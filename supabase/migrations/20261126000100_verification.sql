-- 'Foto verificate' (issue 26, part 1). The owner asks for a code of six characters (valid 30
-- minutes) and a gesture, then uploads one selfie holding the code and making the gesture
-- through the listing-photo Edge Function (kind 'selfie') into the private
-- verification_selfies bucket, which only staff read (short-lived signed URLs). Staff approve
-- or refuse with a statement of reasons; the selfie is deleted as soon as a decision is made,
-- and after 7 days if nobody decides (the job below). Only the decision, its date and who took
-- it stay. Nothing biometric is ever computed: staff compare by eye.

alter table public.listings add column photos_verified_at timestamptz;

comment on column public.listings.photos_verified_at is 'When staff approved the selfie verification of this listing''s photos; null = not verified (or a photo changed since). Set only by SQL.';
-- The badge is on the card and the page: readable as the other shown columns are (listings migration).
grant select (photos_verified_at) on table public.listings to anon, authenticated;

create index listings_verified_idx on public.listings (photos_verified_at) where photos_verified_at is not null and not is_paused;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('verification_selfies', 'verification_selfies', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

insert into public.settings (key, value, description) values
  ('verification_code_minutes', '30', 'Validità in minuti del codice per la verifica delle foto'),
  ('verification_selfie_days', '7', 'Giorni dopo i quali un selfie di verifica non esaminato viene eliminato')
on conflict (key) do nothing;

create table public.photo_verifications (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  code text not null check (code ~ '^[A-Z2-9]{6}$'),
  gesture text not null check (gesture in ('pollice-su', 'vittoria', 'mano-aperta', 'indice-alzato', 'ok')),
  code_expires_at timestamptz not null,
  -- The selfie's key in verification_selfies while it waits for staff; null once decided.
  selfie_path text,
  -- The listing's photos when the selfie was sent (id:stored key, so a new crop is a new
  -- photo): all an approval covers.
  photo_keys text[],
  status text not null default 'requested' check (status in ('requested', 'submitted', 'approved', 'refused', 'expired')),
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by uuid references public.profiles (id) on delete set null,
  reason text check (reason is null or char_length(reason) between 1 and 1000),
  created_at timestamptz not null default now(),
  check (status <> 'refused' or reason is not null),
  check (status not in ('approved', 'refused', 'expired') or (decided_at is not null and selfie_path is null))
);

comment on table public.photo_verifications is 'Selfie verifications of a listing''s photos: the code and gesture asked, the selfie while it waits, then only the decision, its date and who took it.';

create index photo_verifications_queue_idx on public.photo_verifications (submitted_at) where status = 'submitted';
create index photo_verifications_listing_idx on public.photo_verifications (listing_id, created_at desc);
create index photo_verifications_user_idx on public.photo_verifications (user_id);
create unique index photo_verifications_one_open_idx on public.photo_verifications (listing_id) where status in ('requested', 'submitted');

alter table public.photo_verifications enable row level security;
revoke all on table public.photo_verifications from anon, authenticated;
grant all on table public.photo_verifications to service_role;
-- Rows are written only by the functions below. The owner reading the selfie's key learns
-- nothing: only staff may read the bucket.
grant select on table public.photo_verifications to authenticated;

create policy "Owners read their verifications and staff every one" on public.photo_verifications
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.current_role_is_staff()));

-- ---------------------------------------------------------------------------------------
-- The selfie file leaves with its key: a decision, the 7-day expiry or a deleted listing or
-- account (cascade) queue it for storage-cleanup, through the photos' own queue trigger
-- (storage migration) told the bucket and the key's column.

create trigger photo_verifications_queue_selfie after delete or update of selfie_path on public.photo_verifications
  for each row execute function private.queue_listing_photo_files('verification_selfies', 'selfie_path');

-- ---------------------------------------------------------------------------------------
-- The badge lasts while the photos are those staff saw: a new photo or a new crop clears it.

/** A photo added or re-cropped after verification removes the listing's 'Foto verificate'. */
create or replace function private.clear_photo_verification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.listings set photos_verified_at = null where id = new.listing_id and photos_verified_at is not null;
  return null;
end
$$;

revoke execute on function private.clear_photo_verification() from public, anon, authenticated;

create trigger listing_photos_clear_verification after insert or update of storage_path on public.listing_photos
  for each row execute function private.clear_photo_verification();

-- ---------------------------------------------------------------------------------------
-- The owner's steps

/** A code of six characters without look-alikes (no 0/O, 1/I/L). */
create or replace function private.verification_code() returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '')
  from generate_series(1, 6)
$$;

revoke execute on function private.verification_code() from public, anon, authenticated;

/**
 * Why: the selfie must be taken for this request (a code nobody could know before, a gesture
 * picked at random), so an old or borrowed photo cannot pass. The owner of a listing with at
 * least one photo gets a new code valid verification_code_minutes (30); an earlier unused
 * request is replaced; a selfie already waiting for staff is not.
 */
create or replace function private.request_photo_verification(p_listing_id uuid) returns public.photo_verifications
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_active_user();
  l public.listings;
  v public.photo_verifications;
begin
  l := private.lock_own_listing(p_listing_id);
  if not exists (select 1 from public.listing_photos p where p.listing_id = l.id) then
    raise exception 'Aggiungi almeno una foto prima di chiedere la verifica.' using errcode = 'P0001', detail = 'no_photos';
  end if;
  if exists (select 1 from public.photo_verifications v0 where v0.listing_id = l.id and v0.status = 'submitted') then
    raise exception 'Il tuo selfie è già in attesa di verifica: lo staff risponderà presto.' using errcode = 'P0001', detail = 'verification_pending';
  end if;
  delete from public.photo_verifications v0 where v0.listing_id = l.id and v0.status = 'requested';
  insert into public.photo_verifications (listing_id, user_id, code, gesture, code_expires_at)
  values (l.id, uid, private.verification_code(),
          (array['pollice-su', 'vittoria', 'mano-aperta', 'indice-alzato', 'ok'])[1 + floor(random() * 5)::int],
          now() + make_interval(mins => private.setting_int('verification_code_minutes', 30)))
  returning * into v;
  return v;
end
$$;

/** Refuses a selfie for a request that is not the user's, not waiting for one, or whose code expired. */
create or replace function private.check_verification_selfie(p_user_id uuid, p_verification_id uuid) returns public.photo_verifications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.photo_verifications;
begin
  if exists (select 1 from public.profiles p where p.id = p_user_id and p.role = 'banned') then
    raise exception 'Il tuo account è sospeso: non puoi caricare foto.' using errcode = '42501', detail = 'banned';
  end if;
  select * into v from public.photo_verifications where id = p_verification_id and user_id = p_user_id;
  if not found then
    raise exception 'Richiesta di verifica non trovata.' using errcode = 'P0001', detail = 'verification_not_found';
  end if;
  if v.status <> 'requested' then
    raise exception 'Questo codice è già stato usato: chiedi una nuova verifica.' using errcode = 'P0001', detail = 'verification_used';
  end if;
  if v.code_expires_at <= now() then
    raise exception 'Il codice è scaduto: chiedi un nuovo codice.' using errcode = 'P0001', detail = 'code_expired';
  end if;
  return v;
end
$$;

/** The caller's permission to upload the selfie of a request, asked before the bytes are stored. */
create or replace function private.verification_selfie_upload_target(p_verification_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v public.photo_verifications;
begin
  if auth.uid() is null then
    raise exception 'Utente non autenticato.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  v := private.check_verification_selfie(auth.uid(), p_verification_id);
  return jsonb_build_object('user_id', v.user_id, 'listing_id', v.listing_id, 'verification_id', v.id);
end
$$;

/** The stored selfie (service role: the upload function): the request waits for staff, who are told. */
create or replace function private.attach_verification_selfie(p_user_id uuid, p_verification_id uuid, p_path text)
returns public.photo_verifications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.photo_verifications;
  title text;
begin
  perform 1 from public.photo_verifications where id = p_verification_id for update;
  v := private.check_verification_selfie(p_user_id, p_verification_id);
  if not private.is_listing_file_path(v.listing_id, p_path) then
    raise exception 'Percorso del file non valido.' using errcode = 'P0001', detail = 'path_invalid';
  end if;
  update public.photo_verifications set selfie_path = p_path, status = 'submitted', submitted_at = now(),
         photo_keys = (select coalesce(array_agg(ph.id::text || ':' || coalesce(ph.storage_path, ph.url)), '{}')
                         from public.listing_photos ph where ph.listing_id = v.listing_id)
  where id = v.id returning * into v;
  select l.title into title from public.listings l where l.id = v.listing_id;
  insert into public.admin_notifications (user_id, type, entity_id, message)
  values (null, 'new_verification', v.id::text, 'Nuova verifica delle foto: annuncio "' || left(coalesce(title, ''), 120) || '".');
  return v;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Staff decisions

/**
 * Why: a decision ends the need for the selfie, so whatever it is the key is cleared here (the
 * trigger above queues the file) and only the decision, date and decider stay. Approval marks
 * the listing's photos verified now, but only when every photo it has was there when the
 * selfie was sent (photo_keys: a photo added or re-cropped since was never compared, and
 * needs a new verification, which the owner is told); a refusal needs its reason, which the
 * owner reads as a statement of reasons (notification) and may appeal through support, as a ban.
 */
create or replace function private.decide_photo_verification(p_verification_id uuid, p_approve boolean, p_reason text default null)
returns public.photo_verifications
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_staff();
  v_reason text := private.staff_decision_reason(p_approve, p_reason);
  v public.photo_verifications;
  l public.listings;
begin
  select * into v from public.photo_verifications where id = p_verification_id for update;
  if not found or v.status <> 'submitted' then
    raise exception 'Verifica non trovata o già decisa.' using errcode = 'P0001', detail = 'verification_not_found';
  end if;
  update public.photo_verifications
     set status = case when p_approve then 'approved' else 'refused' end,
         selfie_path = null, decided_at = now(), decided_by = uid, reason = case when p_approve then null else v_reason end
   where id = v.id
   returning * into v;
  select * into l from public.listings where id = v.listing_id;
  if p_approve and exists (select 1 from public.listing_photos ph
                            where ph.listing_id = l.id
                              and not ((ph.id::text || ':' || coalesce(ph.storage_path, ph.url)) = any (coalesce(v.photo_keys, '{}')))) then
    perform private.tell_staff_decision(l, v.user_id, 'verification_approved',
      'Il selfie per l''annuncio "' || left(l.title, 120) || '" è approvato, ma dopo il selfie hai aggiunto o cambiato delle foto: '
      || 'chiedi una nuova verifica per mostrare «Foto verificate».',
      jsonb_build_object('verification', v.id, 'photos_changed', true), v_reason);
  elsif p_approve then
    update public.listings set photos_verified_at = v.decided_at where id = l.id;
    perform private.tell_staff_decision(l, v.user_id, 'verification_approved',
      'Le foto del tuo annuncio "' || left(l.title, 120) || '" sono verificate: l''annuncio mostra «Foto verificate».',
      jsonb_build_object('verification', v.id), v_reason);
  else
    perform private.tell_staff_decision(l, v.user_id, 'verification_refused',
      'La verifica delle foto del tuo annuncio "' || left(l.title, 120) || '" non è stata approvata: ' || private.as_sentence(v_reason)
      || ' Il selfie è stato eliminato. Puoi chiedere una nuova verifica o contestare la decisione scrivendo al supporto.',
      jsonb_build_object('verification', v.id), v_reason);
  end if;
  return v;
end
$$;

/**
 * The daily job: a selfie nobody decided within verification_selfie_days (7) is deleted (the
 * request ends 'expired') and its owner told; unused codes older than a day are dropped.
 */
create or replace function private.expire_photo_verifications(p_now timestamptz default now()) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  with gone as (
    update public.photo_verifications v
       set status = 'expired', selfie_path = null, decided_at = p_now
     where v.status = 'submitted'
       and v.submitted_at < p_now - make_interval(days => private.setting_int('verification_selfie_days', 7))
     returning v.listing_id, v.user_id
  ), told as (
    insert into public.admin_notifications (user_id, type, entity_id, message)
    select g.user_id, 'verification_expired', g.listing_id::text,
      'La verifica delle foto del tuo annuncio "' || left(l.title, 120) || '" non è stata esaminata in tempo: il selfie è stato eliminato. Puoi chiedere una nuova verifica.'
    from gone g join public.listings l on l.id = g.listing_id
    returning 1
  )
  select count(*) into n from told;
  delete from public.photo_verifications v where v.status = 'requested' and v.code_expires_at < p_now - interval '1 day';
  return n;
end
$$;

revoke execute on function private.request_photo_verification(uuid) from public, anon;
revoke execute on function private.check_verification_selfie(uuid, uuid) from public, anon, authenticated;
revoke execute on function private.verification_selfie_upload_target(uuid) from public, anon;
revoke execute on function private.attach_verification_selfie(uuid, uuid, text) from public, anon, authenticated;
revoke execute on function private.decide_photo_verification(uuid, boolean, text) from public, anon;
revoke execute on function private.expire_photo_verifications(timestamptz) from public, anon, authenticated;
grant execute on function private.request_photo_verification(uuid), private.verification_selfie_upload_target(uuid),
  private.decide_photo_verification(uuid, boolean, text) to authenticated, service_role;
grant execute on function private.attach_verification_selfie(uuid, uuid, text), private.expire_photo_verifications(timestamptz) to service_role;

-- The API's entry points (SECURITY INVOKER wrappers of the private bodies above).

/** The API's entry point to private.request_photo_verification (the owner). */
create or replace function public.request_photo_verification(p_listing_id uuid) returns public.photo_verifications
language sql
security invoker
set search_path = ''
as $$
  select * from private.request_photo_verification(p_listing_id)
$$;

/** The API's entry point to private.verification_selfie_upload_target (the caller, through listing-photo). */
create or replace function public.verification_selfie_upload_target(p_verification_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.verification_selfie_upload_target(p_verification_id)
$$;

/** The API's entry point to private.attach_verification_selfie (service role: listing-photo). */
create or replace function public.attach_verification_selfie(p_user_id uuid, p_verification_id uuid, p_path text)
returns public.photo_verifications
language sql
security invoker
set search_path = ''
as $$
  select * from private.attach_verification_selfie(p_user_id, p_verification_id, p_path)
$$;

/** The API's entry point to private.decide_photo_verification (staff). */
create or replace function public.decide_photo_verification(p_verification_id uuid, p_approve boolean, p_reason text default null)
returns public.photo_verifications
language sql
security invoker
set search_path = ''
as $$
  select * from private.decide_photo_verification(p_verification_id, p_approve, p_reason)
$$;

/** The API's entry point to private.expire_photo_verifications (service role: tests and operators; the job calls the body). */
create or replace function public.expire_photo_verifications(p_now timestamptz default now()) returns integer
language sql
security invoker
set search_path = ''
as $$
  select private.expire_photo_verifications(p_now)
$$;

revoke execute on function public.request_photo_verification(uuid), public.verification_selfie_upload_target(uuid),
  public.decide_photo_verification(uuid, boolean, text) from public, anon;
grant execute on function public.request_photo_verification(uuid), public.verification_selfie_upload_target(uuid),
  public.decide_photo_verification(uuid, boolean, text) to authenticated, service_role;
revoke execute on function public.attach_verification_selfie(uuid, uuid, text), public.expire_photo_verifications(timestamptz)
  from public, anon, authenticated;
grant execute on function public.attach_verification_selfie(uuid, uuid, text), public.expire_photo_verifications(timestamptz) to service_role;

-- The verification queue updates live for staff (RLS decides who hears).
do $$
begin
  if not exists (select from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'photo_verifications') then
    alter publication supabase_realtime add table public.photo_verifications;
  end if;
end
$$;


-- The sweep of selfies nobody decided (here rather than in the jobs migration, which runs
-- before this table exists; saved searches do the same).
select cron.schedule('expire-photo-verifications', '17 * * * *', 'select private.expire_photo_verifications()');
