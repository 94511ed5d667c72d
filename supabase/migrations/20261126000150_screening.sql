-- Anti-trafficking and minors screening (issue 26, part 4). The admin edits, in Impostazioni,
-- the terms that signal a minor (a listing naming one is refused) and the trafficking risk
-- patterns (a listing matching one is held for review, the matched terms shown to staff).
-- Every text a visitor sees of a listing (title, description, zone, city) is screened, on
-- insert and on every update, by triggers (issue 40): one normalisation (NFKD, accents and
-- format characters removed, look-alike Cyrillic and Greek letters folded, leet digits folded
-- for the terms) whatever the spelling; whole words, or consecutive words spelling a term. An
-- age under 18 in figures or words ('16enne', 'sedici anni') holds for review, as the risk
-- patterns do. Two more risk signals are checked on the listing itself: a phone number in the
-- text that is not the advertiser's own, and one account's listings in many cities within a
-- day. Urgent reports ('Minori o tratta di persone') come first in Segnalazioni.

insert into public.settings (key, value, description) values
  ('screening_minor_terms',
   '["minorenne", "minorenni", "ragazzina", "ragazzine", "scolaretta", "scolarette", "liceale", "liceali", "studentessa delle medie"]',
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
 * Why: one normalisation for every check, so that a spelling that looks the same to a reader
 * reads the same to the screening. Unicode NFKD (NFKC's compatibility folding: full-width,
 * ligatures, superscripts; with the accents split off) then the accents dropped (combining
 * marks) and the format characters removed. PostgreSQL's regular expressions have no \p{Cf},
 * so the class lists Cf's members (and the other invisible, default-ignorable ones) explicitly:
 * soft hyphen U+00AD, combining grapheme joiner U+034F, Arabic letter mark U+061C, Hangul
 * fillers, Khmer vowels U+17B4-17B5, Mongolian U+180B-180F, zero-width space, joiners and marks
 * U+200B-200F, bidi embeddings U+202A-202E, word joiner and invisible operators U+2060-206F,
 * variation selectors U+FE00-FE0F, BOM U+FEFF, U+FFF0-FFFB, tags U+E0000-E007F. Then the
 * Cyrillic and Greek letters (and a few Latin ones NFKD leaves alone) that look Latin become
 * that Latin letter (translate() only when the text has one: on 2,000 characters it is the
 * slowest step), and all is lower case. Digits and punctuation are kept.
 */
create or replace function private.screening_clean(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select lower(case when t ~ '[\u0370-\u052f\u00d8\u00f8\u0110\u0111\u0127\u0131\u0141\u0142\u0251\u0261]'
    then translate(t,
      'АВЕКМНОРСТУХІЈЅԚԜҮҺӀавекмнорстухіјѕԁһӏԛԝьүѵпгΑΒΕΖΗΙΚΜΝΟΡΤΥΧαβγεηικνορσςτυχωμϲϳıɑɡøØłŁđĐħ',
      'ABEKMHOPCTYXIJSQWYHLabekmhopctyxijsdhlqwbyvnrABEZHIKMNOPTYXabyenikvopostuxwucjiagoOlLdDh')
    else t end)
  from (select regexp_replace(normalize(coalesce(p_text, ''), NFKD),
      '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000e0000-\U000e007f]',
      '', 'g') as t) folded
$$;

/**
 * Why: the whole-word form the checks compare, digits kept (the age forms need them): a
 * screening_clean text with every run of characters that are not letters or digits one space,
 * padded with a space at each end, so ' 16 anni ' is found in ' ho 16 anni ' and not in
 * ' ho 116 anni '.
 */
create or replace function private.screening_words(p_clean text) returns text
language sql
immutable
set search_path = ''
as $$
  select ' ' || trim(regexp_replace(p_clean, '[^a-z0-9]+', ' ', 'g')) || ' '
$$;

/**
 * Why: the form the terms are matched on, where digits and symbols written for letters read as
 * those letters (1→i, 3→e, 4→a, 0→o, @→a, $→s: 'm1n0renne' is 'minorenne'). Kept apart from
 * screening_words, whose digits the age forms need ('16enne' must stay 16).
 */
create or replace function private.screening_leet(p_clean text) returns text
language sql
immutable
set search_path = ''
as $$
  select private.screening_words(translate(p_clean, '1340@$', 'ieaoas'))
$$;

/**
 * Why: 'm i n o r e n n e', 'm.i.n.o.r.e.n.n.e', '1 6 anni': a run of single characters
 * separated by separators is one word spelled out, so in a screening_words form the spaces
 * between single characters go ('1 6 anni' is '16 anni'). Only those: squashing every
 * separator would find terms inside ordinary neighbouring words. (The plain test first: the
 * lookarounds cost more, and most texts have no such run.)
 */
create or replace function private.screening_squash(p_words text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_words ~ ' [a-z0-9] [a-z0-9] ' then regexp_replace(p_words, '(?<= [a-z0-9]) (?=[a-z0-9] )', '', 'g') else p_words end
$$;

/**
 * Why: the terms as the screening compares them: each in screening_leet's form with its
 * separators dropped ('studentessa delle medie' is 'studentessadellemedie', 'm1norenne' is
 * 'minorenne'), '' for a term with no letter or digit; in the list's order. The whole list is
 * normalised in one screening_clean call (joined by '|'), as every insert and edit builds it.
 */
create or replace function private.screening_term_keys(p_terms text[]) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(t order by n), '{}')
  from unnest(string_to_array(regexp_replace(translate(private.screening_clean(
         array_to_string(array(select replace(coalesce(term, ''), '|', '') from unnest(p_terms) term), '|')),
         '1340@$', 'ieaoas'), '[^a-z0-9|]+', '', 'g'), '|')) with ordinality as terms (t, n)
  where cardinality(p_terms) > 0
$$;

/**
 * Why: a term matches when consecutive words of the text, their separators removed, spell it
 * exactly: 'mino renne', 'ra.gaz.zina' and 'm i n o r e n n e' are 'minorenne' and 'ragazzina'
 * (the separators-removed match), while a word that only contains it ('ragazzinaccia') does
 * not. Each key's letters joined by ' ?', between spaces; the whole list's alternatives first
 * (one expression, which PostgreSQL compiles once and caches), then key by key only when one
 * of them is there (overlapping ones, 'senza passaporto trattenuto', are each found). Answers
 * the keys (screening_term_keys) found in a screening_leet text.
 */
create or replace function private.screening_found_keys(p_body text, p_keys text[]) returns text[]
language sql
immutable
set search_path = ''
as $$
  with r as (
    select k, ' ' || regexp_replace(k, '([a-z0-9])(?=[a-z0-9])', '\1 ?', 'g') || ' ' as rx
    from unnest(p_keys) k where k <> '')
  select case when p_body ~ (select '(?:' || string_agg(rx, '|') || ')' from r)
              then (select array_agg(distinct k) from r where p_body ~ rx)
              else '{}' end
$$;

/**
 * Why: a stated age under 18 is not always a minor ('esperienza da 16 anni'), so these forms
 * hold the listing for staff, with what matched, rather than refuse it: '1[0-7] ?anni',
 * '1[0-7] ?enne', 'anni 1[0-7]', 'età 1[0-7]', 'under ?1[0-8]' on the digits form, and the
 * numbers ten to seventeen in words ('sedici anni', 'anni sedici', 'sedicenne', 'under
 * diciotto') on the leet form, both with spelled-out runs squashed. Answers 'età: <match>' each
 * (the match in its screened form: 'età: 16 anni' for '16-anni'), given the text's
 * screening_words and screening_leet forms.
 */
create or replace function private.screening_age_forms(p_words text, p_leet text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct 'età: ' || m[1] order by 'età: ' || m[1]), '{}')
  from (
    select regexp_matches(private.screening_squash(p_words),
      '(?<= )(1[0-7] ?anni|1[0-7] ?enn[ei]|anni 1[0-7]|eta 1[0-7]|under ?1[0-8])(?= )', 'g') m
    union all
    select regexp_matches(private.screening_squash(p_leet),
      '(?<= )((?:dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette) ?anni|anni (?:dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette)|(?:dec|undic|dodic|tredic|quattordic|quindic|sedic|diciassett)enn[ei]|under ?diciotto)(?= )', 'g')
  ) found
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
 * "hold", "terms": [...]}, over every text a visitor sees of the listing (title, description,
 * zone, city) read together. Any minor term refuses (the terms are those matched); else every
 * risk pattern whose parts (joined by '+') all appear, and every age form under 18
 * (screening_age_forms: 'età: 16 anni'), hold, with what matched.
 */
create or replace function private.screen_listing_text(p_title text, p_description text, p_zone text default null,
  p_city text default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  clean text := private.screening_clean(concat_ws(' ', p_title, p_description, p_zone, p_city));
  body text := private.screening_leet(clean);
  terms text[] := private.setting_terms('screening_minor_terms');
  keys text[] := private.screening_term_keys(terms);
  found text[] := private.screening_found_keys(body, keys);
  parts text[];
  part_patterns text[];
  minors text[];
  risks text[];
begin
  select array_agg(distinct t.term order by t.term) into minors
  from unnest(terms, keys) as t (term, key)
  where t.key = any (found);
  if minors is not null then
    return jsonb_build_object('verdict', 'refuse', 'terms', to_jsonb(minors));
  end if;
  -- A pattern holds when it has a part and every part is found.
  select array_agg(part), array_agg(trim(pattern)) into parts, part_patterns
  from unnest(private.setting_terms('screening_risk_patterns')) pattern, unnest(string_to_array(pattern, '+')) part;
  keys := private.screening_term_keys(parts);
  found := private.screening_found_keys(body, keys);
  select array_agg(pattern order by pattern) into risks
  from (select p.pattern, bool_and(p.key = any (found)) as all_found
          from unnest(part_patterns, keys) as p (pattern, key)
         where p.key <> ''
         group by p.pattern) matched
  where all_found;
  risks := coalesce(risks, '{}') || private.screening_age_forms(private.screening_words(clean), body);
  if cardinality(risks) > 0 then
    return jsonb_build_object('verdict', 'hold', 'terms', to_jsonb(risks));
  end if;
  return jsonb_build_object('verdict', 'ok', 'terms', '[]'::jsonb);
end
$$;

/**
 * Why: a phone number in the text, however it is written ('347/1234567', '347 123 4567', digits
 * split by a zero-width character or written full-width), as digits to compare with the
 * advertiser's own: NFKC and the format characters removed (screening_clean's class), then runs
 * of digits joined by up to three separators (spaces . - / ( ) _). Italian numbers lose a
 * leading 0039/39 before a mobile; a number counts when it looks like one (a mobile 3…, a
 * landline 0…, or an international +/00 one), so prices and dates in a row do not.
 */
create or replace function private.screening_phone_numbers(p_text text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct num order by num), '{}')
  from (
    select m[1] as raw, regexp_replace(regexp_replace(m[1], '\D', '', 'g'), '^(0039|39)(3\d{8,9})$', '\2') as num
    from regexp_matches(
      regexp_replace(normalize(coalesce(p_text, ''), NFKC),
        '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000e0000-\U000e007f]', '', 'g'),
      '((?:\+|00)?[0-9](?:[\s./()_-]{0,3}[0-9]){7,})', 'g') m
  ) found
  where char_length(num) between 9 and 13 and (num ~ '^(3[0-9]{8,9}|0[0-9]{5,11})$' or raw ~ '^(\+|00)')
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
  select signals || coalesce(array_agg('telefono di terzi: ' || num order by num), '{}') into signals
  from unnest(private.screening_phone_numbers(concat_ws(' ', p_listing.title, p_listing.description, p_listing.zone, p_listing.city))) num
  where num is distinct from own and num is distinct from regexp_replace(own, '\D', '', 'g');
  select count(distinct lower(l.city)) into n from public.listings l
  where l.user_id = p_listing.user_id and (l.created_at > now() - interval '24 hours' or l.id = p_listing.id);
  if n > max_cities then
    signals := signals || (n || ' città in 24 ore');
  end if;
  return signals;
end
$$;

/**
 * Refuses, with a clear Italian message, a listing whose visible text (title, description,
 * zone, city) signals a minor; on insert and on every update of one of them.
 */
create or replace function private.refuse_screened_listing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  verdict jsonb;
begin
  if tg_op = 'UPDATE' and (new.title, new.description, new.zone, new.city) is not distinct from (old.title, old.description, old.zone, old.city) then
    return new;
  end if;
  verdict := private.screen_listing_text(new.title, new.description, new.zone, new.city);
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
 * risk signal or an age form under 18 in its visible text, recording what matched for staff;
 * on insert and on every update of that text, an approved listing's edit too. After the row
 * exists, as the hold needs.
 */
create or replace function private.hold_screened_listing() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  terms text[];
begin
  if tg_op = 'UPDATE' and (new.title, new.description, new.zone, new.city) is not distinct from (old.title, old.description, old.zone, old.city) then
    return null;
  end if;
  select coalesce(array_agg(t), '{}') into terms
  from jsonb_array_elements_text(private.screen_listing_text(new.title, new.description, new.zone, new.city) -> 'terms') t;
  terms := terms || private.listing_risk_signals(new);
  if cardinality(terms) > 0 then
    perform private.hold_listing(new.id, 'screened_term', jsonb_build_object('terms', to_jsonb(terms)));
  end if;
  return null;
end
$$;

revoke execute on function private.screening_clean(text), private.screening_words(text), private.screening_leet(text),
  private.screening_squash(text), private.screening_term_keys(text[]), private.screening_found_keys(text, text[]), private.screening_age_forms(text, text),
  private.screening_phone_numbers(text) from public, anon, authenticated;
revoke execute on function private.setting_terms(text) from public, anon, authenticated;
revoke execute on function private.screen_listing_text(text, text, text, text) from public, anon, authenticated;
revoke execute on function private.listing_risk_signals(public.listings) from public, anon, authenticated;
revoke execute on function private.refuse_screened_listing() from public, anon, authenticated;
revoke execute on function private.hold_screened_listing() from public, anon, authenticated;
grant execute on function private.screen_listing_text(text, text, text, text) to service_role;

create trigger listings_screen_refuse before insert or update of title, description, zone, city on public.listings
  for each row execute function private.refuse_screened_listing();

create trigger listings_screen_hold after insert or update of title, description, zone, city on public.listings
  for each row execute function private.hold_screened_listing();

/** The API's entry point to private.screen_listing_text (service role: tests and operators). */
create or replace function public.screen_listing_text(p_title text, p_description text, p_zone text default null,
  p_city text default null) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.screen_listing_text(p_title, p_description, p_zone, p_city)
$$;

revoke execute on function public.screen_listing_text(text, text, text, text) from public, anon, authenticated;
grant execute on function public.screen_listing_text(text, text, text, text) to service_role;

-- ---------------------------------------------------------------------------------------
-- Urgent reports: the reason 'minorenne' is the category 'Minori o tratta di persone'; it
-- reaches staff as urgent and first in the queue (DSA art. 18).

alter table public.listing_reports add column urgent boolean generated always as (reason = 'minorenne') stored;

comment on column public.listing_reports.urgent is 'Minori o tratta di persone: first in Segnalazioni, with its own badge.';

create index listing_reports_queue_idx on public.listing_reports (status, urgent desc, created_at desc);
