/** Pure saved-search logic: the generated name, and filters <-> the search's RPC arguments. */
import type { Tables } from '@/lib/database.types.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { label, searchFilterArgs, type SearchParams } from '@/features/listings/index.ts';
import { ARRAY_FILTERS, serializeFilters } from '@/features/search/index.ts';
import type { OutboxEntry } from '@/lib/outbox/model.ts';
import type { SavedSearchCreatePayload, SavedSearchDeletePayload, SavedSearchUpdatePayload } from '@/lib/outbox/senders.ts';

export type SavedSearch = Pick<Tables<'saved_searches'>, 'id' | 'name' | 'alert' | 'created_at'> & { filters: SearchArgs };
export type Alert = 'instant' | 'daily' | 'never';
export const ALERTS: readonly Alert[] = ['instant', 'daily', 'never'];
/** What the database stores and matches: search_listings_count's named arguments (listings' searchFilterArgs). */
export type SearchArgs = ReturnType<typeof searchFilterArgs>;

export const NAME_MAX = 80;

const n = t.savedSearches.name;

/**
 * A readable name from the filters: 'Donne a Milano, 25-35 anni', then the rate, the words
 * searched and up to two characteristics ('+3 filtri' for the rest); at most NAME_MAX.
 */
export function searchName(p: SearchParams): string {
  let head = p.category ? label('category', p.category) : n.all;
  if (p.city) head += n.inCity(p.city);
  if (p.zone) head += n.zone(p.zone);
  const parts = [head];
  if (p.ageMin != null || p.ageMax != null) parts.push(n.years(p.ageMin, p.ageMax));
  if (p.rateMin != null || p.rateMax != null) parts.push(n.rate(p.rateMin, p.rateMax));
  if (p.query) parts.push(n.query(p.query));
  const values = ARRAY_FILTERS.flatMap((key) => (p[key] ?? []).map((v) => label(key, v).toLowerCase()));
  parts.push(...values.slice(0, 2));
  if (values.length > 2) parts.push(n.more(values.length - 2));
  const name = parts.join(', ');
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
}

/** The search's filters back from the stored arguments (unknown keys and wrong types ignored). */
export function toParams(a: Record<string, unknown>): SearchParams {
  const text = (k: string) => {
    const v = a[k];
    return typeof v === 'string' && v.trim() ? v : undefined;
  };
  const num = (k: string) => {
    const v = a[k];
    return typeof v === 'number' ? v : undefined;
  };
  const out: SearchParams = {
    query: text('p_query'),
    category: text('p_category'),
    city: text('p_city'),
    zone: text('p_zone'),
    ageMin: num('p_age_min'),
    ageMax: num('p_age_max'),
    rateMin: num('p_rate_min'),
    rateMax: num('p_rate_max'),
  };
  for (const key of ARRAY_FILTERS) {
    const v = a[`p_${key}`];
    if (Array.isArray(v) && v.length) out[key] = v.filter((x): x is string => typeof x === 'string');
  }
  for (const k of Object.keys(out) as (keyof SearchParams)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** '/search?…' with a saved search's filters, as the search writes them. */
export function searchUrl(filters: Record<string, unknown>): string {
  const qs = serializeFilters(toParams(filters));
  return qs ? `/search?${qs}` : '/search';
}

export const isAlert = (v: unknown): v is Alert => ALERTS.includes(v as Alert);

/**
 * The list as it will be once the outbox has sent `queued` (the user's saved-search entries, in
 * order): created ones added (their id is the entry's), renames and alerts applied, deletions gone.
 */
export function withQueued(list: readonly SavedSearch[], queued: readonly OutboxEntry[]): SavedSearch[] {
  let next = [...list];
  for (const e of queued) {
    if (e.kind === 'savedSearchCreate' && !next.some((s) => s.id === e.id)) {
      const p = e.payload as SavedSearchCreatePayload;
      next = [{ id: e.id, name: p.name, alert: p.alert, filters: p.filters as SearchArgs, created_at: new Date(e.createdAt).toISOString() }, ...next];
    } else if (e.kind === 'savedSearchUpdate') {
      const { id, patch } = e.payload as SavedSearchUpdatePayload;
      next = next.map((s) => (s.id === id ? { ...s, ...patch } : s));
    } else if (e.kind === 'savedSearchDelete') {
      const { id } = e.payload as SavedSearchDeletePayload;
      next = next.filter((s) => s.id !== id);
    }
  }
  return next;
}
