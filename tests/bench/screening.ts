/**
 * The screening (issue 40) on the database DATABASE_URL names, or PGlite: how long
 * private.screen_listing_text takes on a 2,000-character description (ordinary Italian text,
 * numbers, a zero-width character and accents, so every step of the normalisation has work),
 * the function alone, straight through SQL, as every insert and edit of a listing's text runs
 * it (twice: the refusal before, the hold after), timed inside the database. A few seconds:
 * one platform, 300 calls.
 *
 *   npm run bench -- screening
 */
import { startTestPlatform } from '../support/platform.ts';
import type { Figure } from './types.ts';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A 2,000-character listing description (varied per call, so no cache answers it). */
export function description(n: number): string {
  const parts = [
    'Ciao, sono Giulia, 27 anni, ragazza solare e simpatica, ricevo in zona Porta Venezia, via Lecco 12.',
    'Disponibile dalle 10 alle 22, anche nel weekend; massaggi rilassanti 60 minuti 100 euro, 90 minuti 150 euro.',
    'Città: Milano 2, Segrate; parcheggio comodo, massima discrezione, ambiente pulito e riservato.',
    'Occhi verdi, capelli castani, alta 1,70, taglia 42, appena arrivata dalla Sicilia per qualche giorno.',
    'Chiamami al 333 1234567 o scrivimi su Whats\u200bApp: rispondo sempre con piacere, anche agli SMS.',
  ];
  let text = `Annuncio ${n}. `;
  for (let i = 0; text.length < 2000; i++) text += parts[(i + n) % parts.length] + ' ';
  return text.slice(0, 2000);
}

export async function benchScreening(opts: { calls?: number } = {}): Promise<Figure[]> {
  const calls = opts.calls ?? 300;
  const t = await startTestPlatform({ cron: false });
  try {
    const db = t.platform.db;
    // On PostgreSQL, timed inside the database (clock_timestamp() either side of the call, in
    // the order the select list is evaluated), so the figure is the function's and not the
    // client's round trip. PGlite's clock counts whole milliseconds; there, in this process,
    // each call is timed from here (the round trip is a function call).
    const single = async (n: number) => {
      const s = performance.now();
      const { rows } = await db.query<{ verdict: string }>(
        `select private.screen_listing_text($1, $2, 'Porta Venezia', 'Milano') ->> 'verdict' as verdict`,
        [`Giulia ${n}, dolce e raffinata`, description(n)],
      );
      const ms = performance.now() - s;
      if (rows[0]!.verdict !== 'ok') throw new Error(`an ordinary description was screened: ${rows[0]!.verdict}`);
      return [ms];
    };
    const batch = async (from: number, n: number) => {
      if (t.info.dbKind === 'pglite') {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push(...(await single(from + i)));
        return out;
      }
      const { rows } = await db.query<{ ms: number; verdict: string }>(
        `select extract(epoch from t_after - t_before) * 1000 as ms, v ->> 'verdict' as verdict
           from (select clock_timestamp() as t_before,
                        private.screen_listing_text(d.title, d.description, 'Porta Venezia', 'Milano') as v,
                        clock_timestamp() as t_after
                   from unnest($1::text[], $2::text[]) as d (title, description)) timed`,
        [Array.from({ length: n }, (_, i) => `Giulia ${from + i}, dolce e raffinata`), Array.from({ length: n }, (_, i) => description(from + i))],
      );
      const bad = rows.find((r) => r.verdict !== 'ok');
      if (bad) throw new Error(`an ordinary description was screened: ${bad.verdict}`);
      return rows.map((r) => Number(r.ms));
    };
    await batch(0, 20); // warm-up
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < calls / 50; i++) times.push(...(await batch(1000 + i * 50, 50)));
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    const figures: Figure[] = [
      { name: `screening p50 (2,000-char description, ${t.info.dbKind})`, value: pct(times, 50), unit: 'ms' },
      { name: `screening p95 (2,000-char description, ${t.info.dbKind})`, value: pct(times, 95), unit: 'ms', budget: { max: 5 } },
    ];
    // PGlite runs in this process: its CPU time per call does not count the waits of a busy machine.
    if (t.info.dbKind === 'pglite') {
      figures.push({ name: 'screening CPU per call (2,000-char description, pglite)', value: (cpu.user + cpu.system) / 1000 / times.length, unit: 'ms' });
    }
    return figures;
  } finally {
    await t.stop();
  }
}

if (process.argv[1]?.endsWith('screening.ts')) {
  benchScreening().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
