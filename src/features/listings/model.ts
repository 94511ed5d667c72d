/** Pure display logic for listings: promotion state, photo limits, labels, phone. */
import { t } from '@/lib/catalogue/index.ts';
import { normalizePhone } from '@/lib/contact.ts';
import { formatItalianDate, formatItalianDayTime, formatItalianMonthYear } from '@/lib/romeDate.ts';
import { ATTRIBUTE_KEYS, availableNow, promotionState, type ArrayField, type AttributeKey, type Listing, type ValueListKey } from './shape.ts';

export * from './shape.ts';

const VALUES = t.listings.values as unknown as Record<ValueListKey, Record<string, string>>;

/** The Italian label of a slug; unknown slugs are shown capitalised with spaces. */
export function label(key: ValueListKey, slug: string): string {
  const known = VALUES[key]?.[slug];
  if (known) return known;
  const s = slug.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function options(key: ValueListKey): { value: string; label: string }[] {
  return Object.entries(VALUES[key] ?? {}).map(([value, l]) => ({ value, label: l }));
}

interface AttributeBadge {
  key: AttributeKey | 'hourly_rate' | 'offered_services';
  value: string;
  label: string;
}

/** Every attribute badge in order: attributes, the rate in €/h, then offered services. */
export function attributeBadges(l: Pick<Listing, ArrayField | 'hourly_rate'>): AttributeBadge[] {
  const out: AttributeBadge[] = [];
  for (const key of ATTRIBUTE_KEYS) for (const v of l[key] ?? []) out.push({ key, value: v, label: label(key, v) });
  if (l.hourly_rate != null) out.push({ key: 'hourly_rate', value: String(l.hourly_rate), label: t.listings.card.ratePerHour(formatRate(Number(l.hourly_rate))) });
  for (const v of l.offered_services ?? []) out.push({ key: 'offered_services', value: v, label: label('offered_services', v) });
  return out;
}

/** 80 → "80", 80.5 → "80,50". */
export function formatRate(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace('.', ',');
}

/** wa.me wants the international number in digits only, without the +. */
export function whatsappUrl(phone: string | null, text?: string): string | null {
  const n = normalizePhone(phone);
  if (!n) return null;
  const digits = n.replace(/\D/g, '');
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function telUrl(phone: string | null): string | null {
  const n = normalizePhone(phone);
  return n ? `tel:${n}` : null;
}

/** Listing dates "dd MMMM yyyy" in Italian, Europe/Rome; compact "dd MMMM". */
export function formatListingDate(iso: string, compact = false): string {
  return formatItalianDate(new Date(iso), { year: !compact });
}

/**
 * The card's date badge: expiry when known, else publication. None for a listing staff refused:
 * it was never public and has no time running (its paid time came back, issue 43).
 */
export function dateBadge(
  l: Pick<Listing, 'expires_at' | 'created_at'> & { review_status?: string | null },
  compact = false,
): { prefix: string; date: string } | null {
  if (l.review_status === 'rejected') return null;
  if (l.expires_at) return { prefix: t.listings.card.expiresOn, date: formatListingDate(l.expires_at, compact) };
  return { prefix: t.listings.card.publishedOn, date: formatListingDate(l.created_at, compact) };
}

/**
 * Waiting for review or refused: the listing's photos are not public, only the held copies its
 * owner and staff read (issue 41). A visitor's rows carry no review status and are never held.
 */
export function isHeld(l: Pick<Listing, 'id'> & { review_status?: string | null }): boolean {
  return l.review_status != null && l.review_status !== 'approved';
}

export type PublicStatus = 'active' | 'paused' | 'expired' | 'missing';

/** The listing page's 'Caratteristiche': each attribute, then the services, that has a value; [] hides the section (issue 43). */
export function detailFields(l: Pick<Listing, AttributeKey | 'offered_services'>): (AttributeKey | 'offered_services')[] {
  return [...ATTRIBUTE_KEYS, 'offered_services' as const].filter((key) => (l[key] ?? []).length > 0);
}

/** 80 → '1 ora e 20 minuti', 120 → '2 ore', 45 → '45 minuti', 1 → '1 minuto'. */
export function formatMinutesLeft(minutes: number): string {
  const words = t.common.duration;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return words.minutes(m);
  return m === 0 ? words.hours(h) : words.both(words.hours(h), words.minutes(m));
}

/** The time from `now` to `until` as formatMinutesLeft writes it (the toast after switching 'Disponibile ora' on). */
export function timeLeftUntil(until: string, now: Date = new Date()): string {
  return formatMinutesLeft(Math.max(0, Math.ceil((Date.parse(until) - now.getTime()) / 60_000)));
}

/** The green badge: 'Disponibile ora', and for the owner the time left; null when not available. */
export function availableNowBadge(l: Pick<Listing, 'available_until' | 'is_paused'>, owner: boolean, now: Date = new Date()): string | null {
  const a = availableNow(l, now);
  if (!a) return null;
  return owner ? t.listings.card.availableNowLeft(formatMinutesLeft(a.minutesLeft)) : t.listings.card.availableNow;
}

/** A pending promotion's badge with its start in Italy ('In Attesa · dal 27 novembre, 22:00'). */
export function pendingBadge(l: Pick<Listing, 'promotion_start_at'>): string {
  return l.promotion_start_at ? t.listings.card.pendingFrom(formatItalianDayTime(new Date(l.promotion_start_at))) : t.listings.card.pending;
}

export interface StateBadge {
  kind: 'hot' | 'pending' | 'available' | 'paused';
  label: string;
}

/**
 * The badges over a listing's photo, in order. A scheduled promotion ('In Attesa · dal …') is
 * the owner's business: only the owner's view shows it (issue 43), as only it shows the time
 * 'Disponibile ora' has left.
 */
export function stateBadges(
  l: Pick<Listing, 'is_premium' | 'promotion_start_at' | 'promotion_end_at' | 'is_paused' | 'available_until'>,
  owner: boolean,
  now: Date = new Date(),
): StateBadge[] {
  const c = t.listings.card;
  const state = promotionState(l, now);
  const available = availableNowBadge(l, owner, now);
  const out: StateBadge[] = [];
  if (state === 'active') out.push({ kind: 'hot', label: c.hot });
  if (state === 'pending' && owner) out.push({ kind: 'pending', label: pendingBadge(l) });
  if (available) out.push({ kind: 'available', label: available });
  if (l.is_paused) out.push({ kind: 'paused', label: c.paused });
  return out;
}

/** 'Foto verificate a novembre 2026' (the month of the approval in Italy), or null when the photos are not verified. */
export function verifiedBadge(l: Pick<Listing, 'photos_verified_at'>): string | null {
  return l.photos_verified_at ? t.trust.verifiedBadge(formatItalianMonthYear(new Date(l.photos_verified_at))) : null;
}
