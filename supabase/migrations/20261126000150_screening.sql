-- Anti-trafficking and minors screening (issue 26, part 4). The admin edits, in Impostazioni,
-- the terms that signal a minor (a listing naming one is refused) and the trafficking risk
-- patterns (a listing matching one is held for review, the matched terms shown to staff).
-- Text is compared case- and accent-insensitively, whole words only. Two more risk signals
-- are checked on the listing itself: a phone number in the text that is not the advertiser's
-- own, and one account's listings in many cities within a day. Urgent reports ('Minori o
-- tratta di persone') come first in Segnalazioni.

insert into public.settings (key, value, description) values
  ('screening_minor_terms',
   '["minorenne", "minorenni", "ragazzina", "ragazzine", "scolaretta", "scolarette", "liceale", "studentessa delle medie", "14 anni", "15 anni", "16 anni", "17 anni", "quattordicenne", "quindicenne", "sedicenne", "diciassettenne", "under 18"]',
   'Termini che indicano una persona minorenne: l''annuncio viene rifiutato'),
  ('screening_risk_patterns',
   '["appena arrivata + senza documenti", "appena arrivata + senza passaporto", "senza documenti + non parlo italiano", "passaporto trattenuto", "devo pagare il debito", "chiamare il mio manager", "prenota con il mio agente"]',
   'Segnali di rischio tratta (parti unite da +): l''annuncio va in revisione'),
  ('screening_max_cities_per_day', '3', 'Città diverse in 24 ore per un account oltre le quali l''annuncio va in revisione')
on conflict (key) do nothing;

-- The screening lists are not for everyone to read: knowing them would help to dodge them.
drop policy "Anyone can read settings" on public.settings;
create policy "Visitors can read settings but the screening lists" on public.settings
  for select to anon
  using (key not like 'screening\_%');
create policy "Users can read settings but the screening lists, which only staff read" on public.settings
  for select to authenticated
  using (key not like 'screening\_%' or (select private.current_role_is_staff()));

/**
 * Text as the screening compares it: lower case, accents removed, every run of characters
 * that are not letters or digits one space, padded with a space at each end, so that a term
 * matches as whole words with a plain substring test (' 16 anni ' in ' ho 16 anni ').
 */
create or replace function private.screening_text(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select ' ' || trim(regexp_replace(
    translate(lower(coalesce(p_text, '')), 'àáâãäåèéêëìíîïòóôõöùúûüýÿçñ', 'aaaaaaeeeeiiiiooooouuuuyycn'),
    '[^a-z0-9]+', ' ', 'g')) || ' '
$$;

/** A text setting's list of strings (an empty list when the row is missing or not a list). */
create or replace function private.setting_terms(p_key text) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select array_agg(e) from public.settings s, jsonb_array_elements_text(
    case when jsonb_typeof(s.value) = 'array' then s.value else '[]'::jsonb end) e where s.key = p_key), '{}')
$$;

/**
 * The contract with the review hold (docs/schema-contract.md): {"verdict": "ok" | "refuse" |
 * "hold", "terms": [...]}. Any minor term refuses (the terms are those matched); else every
 * risk pattern whose parts (joined by '+') all appear holds, with the patterns matched.
 */
create or replace function private.screen_listing_text(p_title text, p_description text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  body text := private.screening_text(coalesce(p_title, '') || ' ' || coalesce(p_description, ''));
  minors text[];
  risks text[];
begin
  select array_agg(distinct term order by term) into minors
  from unnest(private.setting_terms('screening_minor_terms')) term
  where private.screening_text(term) <> '  ' and strpos(body, private.screening_text(term)) > 0;
  if minors is not null then
    return jsonb_build_object('verdict', 'refuse', 'terms', to_jsonb(minors));
  end if;
  select array_agg(distinct trim(pattern) order by trim(pattern)) into risks
  from unnest(private.setting_terms('screening_risk_patterns')) pattern
  where exists (select 1 from unnest(string_to_array(pattern, '+')) part where private.screening_text(part) <> '  ')
    and not exists (select 1 from unnest(string_to_array(pattern, '+')) part
                    where private.screening_text(part) <> '  ' and strpos(body, private.screening_text(part)) = 0);
  if risks is not null then
    return jsonb_build_object('verdict', 'hold', 'terms', to_jsonb(risks));
  end if;
  return jsonb_build_object('verdict', 'ok', 'terms', '[]'::jsonb);
end
$$;

/**
 * The risk signals of a listing beyond its words: phone numbers in its text that are not the
 * advertiser's own (someone else answers for them), and more distinct cities than
 * screening_max_cities_per_day among the account's listings created in the last 24 hours.
 */
create or replace function private.listing_risk_signals(p_listing public.listings) returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  own text;
  signals text[] := '{}'::text[];
  n integer;
  max_cities integer := private.setting_int('screening_max_cities_per_day', 3);
begin
  select regexp_replace(coalesce(p.phone, ''), '^\+39', '') into own from public.profiles p where p.id = p_listing.user_id;
  select signals || coalesce(array_agg(distinct 'telefono di terzi: ' || num), '{}') into signals
  from (
    select regexp_replace(regexp_replace(m[1], '\D', '', 'g'), '^(0039|39)(3\d{8,9})$', '\2') as num
    from regexp_matches(coalesce(p_listing.title, '') || ' ' || coalesce(p_listing.description, ''), '((?:\+|00)?\d[\d .-]{7,}\d)', 'g') m
  ) found
  where char_length(found.num) between 9 and 13 and found.num is distinct from own;
  select count(distinct lower(l.city)) into n from public.listings l
  where l.user_id = p_listing.user_id and (l.created_at > now() - interval '24 hours' or l.id = p_listing.id);
  if n > max_cities then
    signals := signals || (n || ' città in 24 ore');
  end if;
  return signals;
end
$$;

/** Refuses, with a clear Italian message, a listing whose title or description signals a minor. */
create or replace function private.refuse_screened_listing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  verdict jsonb;
begin
  if tg_op = 'UPDATE' and new.title is not distinct from old.title and new.description is not distinct from old.description then
    return new;
  end if;
  verdict := private.screen_listing_text(new.title, new.description);
  if verdict ->> 'verdict' = 'refuse' then
    raise exception 'L''annuncio non può essere pubblicato: contiene «%», che fa pensare a una persona minorenne. Sul sito sono ammessi solo annunci di persone maggiorenni.',
      (select string_agg(t, '», «') from jsonb_array_elements_text(verdict -> 'terms') t)
      using errcode = 'P0001', detail = 'screened_minor', hint = (verdict -> 'terms')::text;
  end if;
  return new;
end
$$;

/**
 * Holds for review (private.hold_listing, the review migration) a listing with a trafficking
 * risk signal, recording the matched terms for staff. After the row exists, as the hold needs.
 */
create or replace function private.hold_screened_listing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  terms text[];
begin
  if tg_op = 'UPDATE' and new.title is not distinct from old.title and new.description is not distinct from old.description
     and new.city is not distinct from old.city then
    return null;
  end if;
  select coalesce(array_agg(t), '{}') into terms
  from jsonb_array_elements_text(private.screen_listing_text(new.title, new.description) -> 'terms') t;
  terms := terms || private.listing_risk_signals(new);
  if cardinality(terms) > 0 then
    perform private.hold_listing(new.id, 'screened_term', jsonb_build_object('terms', to_jsonb(terms)));
  end if;
  return null;
end
$$;

revoke execute on function private.screening_text(text) from public, anon, authenticated;
revoke execute on function private.setting_terms(text) from public, anon, authenticated;
revoke execute on function private.screen_listing_text(text, text) from public, anon, authenticated;
revoke execute on function private.listing_risk_signals(public.listings) from public, anon, authenticated;
revoke execute on function private.refuse_screened_listing() from public, anon, authenticated;
revoke execute on function private.hold_screened_listing() from public, anon, authenticated;
grant execute on function private.screen_listing_text(text, text) to service_role;

create trigger listings_screen_refuse before insert or update of title, description on public.listings
  for each row execute function private.refuse_screened_listing();

create trigger listings_screen_hold after insert or update of title, description, city on public.listings
  for each row execute function private.hold_screened_listing();

/** The API's entry point to private.screen_listing_text (service role: tests and operators). */
create or replace function public.screen_listing_text(p_title text, p_description text) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.screen_listing_text(p_title, p_description)
$$;

revoke execute on function public.screen_listing_text(text, text) from public, anon, authenticated;
grant execute on function public.screen_listing_text(text, text) to service_role;

-- ---------------------------------------------------------------------------------------
-- Urgent reports: the reason 'minorenne' is the category 'Minori o tratta di persone'; it
-- reaches staff as urgent and first in the queue (DSA art. 18).

alter table public.listing_reports add column urgent boolean generated always as (reason = 'minorenne') stored;

comment on column public.listing_reports.urgent is 'Minori o tratta di persone: first in Segnalazioni, with its own badge.';

create index listing_reports_queue_idx on public.listing_reports (status, urgent desc, created_at desc);
