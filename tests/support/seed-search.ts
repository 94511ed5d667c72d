/**
 * The public search as the seed data says it must answer (supabase/seed/data.ts, never the
 * API under test): which demo listings are public, which are promoted, in what order, and
 * which match a filter. Seed times are minutes from the moment the seed was loaded, so
 * "now" is offset 0 (the suites run well within the hour nothing changes state).
 */
import { LISTINGS, USERS, type SeedListing } from '../../supabase/seed/data.ts';
import type { ArrayAttribute } from '../../supabase/seed/values.ts';

export const SEED_IDS = new Set(LISTINGS.map((l) => l.id));
export const seedListing = (n: number): SeedListing => LISTINGS.find((l) => l.n === n)!;
export const ownerPhone = (l: SeedListing) => USERS.find((u) => u.id === l.userId)!.phone;

/** Public: not paused and not expired. */
export const isPublic = (l: SeedListing) => !l.isPaused && l.expiresAt > 0;
/** An active promotion ('Hot'): started, not over. Pending promotions are not promoted yet. */
export const isPromoted = (l: SeedListing) =>
  isPublic(l) && l.isPremium && l.promotionStartAt !== null && l.promotionStartAt <= 0 && l.promotionEndAt! >= 0;
const rank = (l: SeedListing) => l.lastBumpedAt ?? l.createdAt;

/** Every public demo listing in public order: promoted first, then by last bump (or creation), newest first, id last. */
export const PUBLIC_ORDER: SeedListing[] = LISTINGS.filter(isPublic).sort(
  (a, b) => Number(isPromoted(b)) - Number(isPromoted(a)) || rank(b) - rank(a) || (a.id < b.id ? 1 : -1),
);

export interface SeedFilter {
  p_category?: string;
  p_city?: string;
  p_zone?: string;
  p_age_min?: number;
  p_age_max?: number;
  p_rate_min?: number;
  p_rate_max?: number;
  arrays?: Partial<Record<ArrayAttribute, string[]>>;
  /** A full-text query and the words it stems to, as a pattern over title, city, zone and description (lowercase). */
  query?: { text: string; words: RegExp };
}

/** The search_listings arguments of a filter. */
export function searchArgs(f: SeedFilter): Record<string, unknown> {
  const { arrays = {}, query, ...scalars } = f;
  const args: Record<string, unknown> = { ...scalars };
  for (const [attr, values] of Object.entries(arrays)) args[`p_${attr}`] = values;
  if (query) args.p_query = query.text;
  return args;
}

/** Whether a demo listing matches a filter, by the rules search_listings documents. */
export function matches(l: SeedListing, f: SeedFilter): boolean {
  const text = `${l.title} ${l.city} ${l.zone} ${l.description}`.toLowerCase();
  return (
    (!f.p_category || l.category === f.p_category) &&
    (!f.p_city || l.city.toLowerCase() === f.p_city.trim().toLowerCase()) &&
    (!f.p_zone || l.zone.toLowerCase().includes(f.p_zone.trim().toLowerCase())) &&
    (f.p_age_min === undefined || l.age >= f.p_age_min) &&
    (f.p_age_max === undefined || l.age <= f.p_age_max) &&
    (f.p_rate_min === undefined || l.hourlyRate >= f.p_rate_min) &&
    (f.p_rate_max === undefined || l.hourlyRate <= f.p_rate_max) &&
    Object.entries(f.arrays ?? {}).every(([attr, values]) => l.attrs[attr as ArrayAttribute].some((v) => values.includes(v))) &&
    (!f.query || f.query.words.test(text))
  );
}

/** The public demo listings matching a filter, in public order. */
export const expectedFor = (f: SeedFilter) => PUBLIC_ORDER.filter((l) => matches(l, f));
