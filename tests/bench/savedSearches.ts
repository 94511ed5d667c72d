/**
 * Saved-search alerts: the cost of matching one new listing against 10,000 saved searches
 * (private.saved_searches_matching, what the alerts job runs per queued listing), on the
 * search bench's PostgreSQL database of 100k listings; and one run of the job over a day's
 * 1,000 new listings. The searches are spread as people search: mostly a city (the big ones
 * more often) and a category, often an age range, sometimes a rate, a characteristic or words.
 */
import type pg from 'pg';
import { prng } from '../../supabase/seed/data.ts';
import type { Figure } from './types.ts';

const CITIES = ['Roma', 'Milano', 'Napoli', 'Torino', 'Palermo', 'Genova', 'Bologna', 'Firenze', 'Bari', 'Catania', 'Venezia', 'Verona', 'Messina',
  'Padova', 'Trieste', 'Brescia', 'Parma', 'Taranto', 'Prato', 'Modena', 'Reggio Calabria', 'Reggio Emilia', 'Perugia', 'Livorno', 'Ravenna',
  'Cagliari', 'Foggia', 'Rimini', 'Salerno', 'Ferrara', 'Sassari', 'Latina', 'Monza', 'Siracusa', 'Pescara', 'Bergamo', 'Forlì', 'Trento', 'Vicenza', 'Terni'];
const CATEGORIES = ['donne', 'donne', 'donne', 'uomini', 'trans', 'coppie', 'massaggi'];
const USERS = 500;
const SEARCHES = 10_000;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function savedSearch(r: () => number): { filters: Record<string, unknown>; alert: string } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const f: Record<string, unknown> = {};
  if (r() < 0.85) f.p_city = CITIES[Math.floor(r() * r() * CITIES.length)];
  if (r() < 0.8) f.p_category = pick(CATEGORIES);
  if (r() < 0.5) {
    const min = 18 + Math.floor(r() * 17);
    f.p_age_min = min;
    f.p_age_max = min + 5 + Math.floor(r() * 15);
  }
  if (r() < 0.15) f.p_rate_max = 100 + Math.floor(r() * 300);
  if (r() < 0.1) f.p_zone = pick(['Centro', 'Stazione', 'Nord']);
  const roll = r();
  if (roll < 0.12) f.p_hair_color = [pick(['bionda', 'castana', 'mora', 'rossa'])];
  else if (roll < 0.22) f.p_ethnicity = [pick(['europea', 'latina', 'asiatica']), pick(['mediterranea', 'mista'])];
  else if (roll < 0.3) f.p_offered_services = [pick(['massaggio-tantrico', 'girlfriend-experience', 'baci-profondi'])];
  if (r() < 0.1) f.p_query = pick(['massaggi', 'cena', 'relax', 'tantrica', 'aperitivo in centro']);
  const a = r();
  return { filters: f, alert: a < 0.6 ? 'instant' : a < 0.9 ? 'daily' : 'never' };
}

/** Runs on a database that has every migration and the search bench's 100k listings. */
export async function benchSavedSearchMatching(c: pg.Client, opts: { samples?: number } = {}): Promise<Figure[]> {
  const samples = opts.samples ?? 300;
  const r = prng(20261125);
  // The owners: profiles without auth users (replica mode skips the foreign keys, as the listings do).
  await c.query(`set session_replication_role = replica`);
  await c.query(
    `insert into public.profiles (id, email, referral_code)
     select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'bench' || g || '@example.test', 'BENCH' || g
       from generate_series(1, $1::int) g on conflict do nothing`,
    [USERS],
  );
  await c.query(`set session_replication_role = origin`);
  // Through the table's own triggers: the checks, the 20-a-user limit, the matching rules.
  const t0 = performance.now();
  for (let i = 0; i < SEARCHES; i += 500) {
    const rows = Array.from({ length: Math.min(500, SEARCHES - i) }, (_, j) => ({ user: (i + j) % USERS, ...savedSearch(r) }));
    await c.query(
      `insert into public.saved_searches (user_id, name, filters, alert)
       select ('00000000-0000-4000-9000-' || lpad((x.u + 1)::text, 12, '0'))::uuid, 'Ricerca ' || x.n, x.f, x.a
         from jsonb_to_recordset($1::jsonb) as x(u int, n int, f jsonb, a text)`,
      [JSON.stringify(rows.map((row, j) => ({ u: row.user, n: i + j, f: row.filters, a: row.alert })))],
    );
  }
  const saveMs = performance.now() - t0;
  await c.query('analyze public.saved_searches');
  await c.query('analyze private.saved_search_rules');

  // New listings: public ones of the 100k, taken at random.
  const { rows: sample } = await c.query<{ id: string }>(
    `select id from public.listings where not is_paused and expires_at > now() order by md5(id::text) limit $1`,
    [samples + 1000],
  );
  const ids = sample.map((s) => s.id);
  // As the job calls it: the clause built once per run, then one statement per listing.
  const { rows: clause } = await c.query<{ c: string }>('select private.saved_search_clause() as c');
  const match = (id: string) => c.query<{ n: string }>('select count(*) as n from private.saved_searches_matching($1, $2)', [id, clause[0]!.c]);
  for (const id of ids.slice(0, 20)) await match(id); // warm-up
  const times: number[] = [];
  let matches = 0;
  for (const id of ids.slice(0, samples)) {
    const s = performance.now();
    const { rows } = await match(id);
    times.push(performance.now() - s);
    matches += Number(rows[0]!.n);
  }
  times.sort((a, b) => a - b);

  // A day's worth: 1,000 listings queued as if just published, then one run of the job.
  const day = ids.slice(samples, samples + 1000);
  await c.query('insert into private.saved_search_queue (listing_id) select unnest($1::uuid[]) on conflict do nothing', [day]);
  const j0 = performance.now();
  const { rows: sent } = await c.query<{ n: number }>('select private.run_saved_search_alerts() as n');
  const jobMs = performance.now() - j0;

  return [
    { name: 'saved searches: stored (500 users x 20)', value: SEARCHES, unit: 'rows' },
    { name: 'saved searches: saving 10,000 (checks and rules)', value: saveMs, unit: 'ms' },
    { name: 'saved searches: matches per new listing (mean)', value: matches / samples, unit: 'searches' },
    { name: 'saved-search matching per new listing p50 (10k searches)', value: pct(times, 50), unit: 'ms' },
    { name: 'saved-search matching per new listing p95 (10k searches)', value: pct(times, 95), unit: 'ms', budget: { max: 20 } },
    { name: 'saved-search alerts job: 1,000 new listings', value: jobMs, unit: 'ms' },
    { name: 'saved-search alerts job: notifications written', value: Number(sent[0]!.n), unit: 'rows' },
  ];
}
