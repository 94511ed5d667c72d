/** Search filters <-> URL query string, so a search can be shared and reloaded. */
// From the light entry: parsing filters is also done at boot (see prefetch.ts).
import { ATTRIBUTE_KEYS, type SearchParams } from '@/features/listings/boot.ts';

/** Every array column of a listing is an any-of filter. */
export const ARRAY_FILTERS = [...ATTRIBUTE_KEYS, 'offered_services'] as const;

const TEXT = { q: 'query', category: 'category', city: 'city', zone: 'zone' } as const;
const NUM = { age_min: 'ageMin', age_max: 'ageMax', rate_min: 'rateMin', rate_max: 'rateMax' } as const;

function toInt(v: string | null, min: number, max: number): number | undefined {
  if (v == null || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/** Reads filters from a query string; unknown or malformed values are ignored. */
export function parseFilters(qs: URLSearchParams | string): SearchParams {
  const p = typeof qs === 'string' ? new URLSearchParams(qs) : qs;
  const out: SearchParams = {};
  for (const [param, field] of Object.entries(TEXT)) {
    const v = p.get(param)?.trim();
    if (v) out[field] = v.slice(0, 200);
  }
  out.ageMin = toInt(p.get('age_min'), 18, 99);
  out.ageMax = toInt(p.get('age_max'), 18, 99);
  out.rateMin = toInt(p.get('rate_min'), 0, 10000);
  out.rateMax = toInt(p.get('rate_max'), 0, 10000);
  for (const key of ARRAY_FILTERS) {
    const values = p
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) out[key] = [...new Set(values)].slice(0, 30);
  }
  if (p.get('available_now') === '1') out.availableNow = true;
  if (p.get('foto_verificate') === '1') out.verifiedOnly = true;
  for (const k of Object.keys(out) as (keyof SearchParams)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** The canonical query string for filters (stable order, so equal searches share a URL). */
export function serializeFilters(f: SearchParams): string {
  const p = new URLSearchParams();
  for (const [param, field] of Object.entries(TEXT)) {
    const v = f[field]?.trim();
    if (v) p.set(param, v);
  }
  for (const [param, field] of Object.entries(NUM)) {
    const v = f[field];
    if (v != null && Number.isFinite(v)) p.set(param, String(v));
  }
  for (const key of ARRAY_FILTERS) {
    const v = f[key];
    if (v && v.length) p.set(key, [...v].sort().join(','));
  }
  if (f.availableNow) p.set('available_now', '1');
  if (f.verifiedOnly) p.set('foto_verificate', '1');
  return p.toString();
}

export function countFilters(f: SearchParams): number {
  return Object.entries(f).filter(([k, v]) => k !== 'query' && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)).length;
}
