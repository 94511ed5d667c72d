/**
 * What a listing is, without any of the UI: fields, promotion state and which photos show
 *. No catalogue, no components, so code that runs before the app (boot.ts) can
 * use it.
 */
/** How many photos visitors see: up to 5 while a promotion runs, the first one otherwise (SPEC §9). */
export const PREMIUM_PHOTO_LIMIT = 5;
export const BASE_PHOTO_LIMIT = 1;

export const ATTRIBUTE_KEYS = [
  'ethnicity',
  'nationality',
  'breast_type',
  'hair_color',
  'body_type',
  'eye_color',
  'meeting_type',
  'availability_for',
  'meeting_location',
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];
export type ArrayField = AttributeKey | 'offered_services';
export type ValueListKey = ArrayField | 'category';

export interface ListingPhoto {
  id: string;
  url: string;
  is_primary: boolean;
  created_at: string;
  /** The common part of its renditions' names (photoSources.ts); null or absent until made. */
  renditions?: string | null;
  /** Its ThumbHash (base64), painted until the photo arrives (placeholder.ts). */
  placeholder?: string | null;
  /** Its AVIF renditions are made too (photoSources.ts); false when absent (read before them). */
  avif?: boolean;
}

/** The columns a card and the detail page read. */
export interface Listing {
  id: string;
  user_id?: string;
  title: string;
  category: string;
  city: string;
  zone: string | null;
  age: number | null;
  description: string | null;
  created_at: string;
  expires_at: string | null;
  is_premium: boolean;
  promotion_mode?: string | null;
  promotion_start_at: string | null;
  promotion_end_at: string | null;
  last_bumped_at: string | null;
  is_paused: boolean;
  slug?: string | null;
  ethnicity: string[] | null;
  nationality: string[] | null;
  breast_type: string[] | null;
  hair_color: string[] | null;
  body_type: string[] | null;
  eye_color: string[] | null;
  meeting_type: string[] | null;
  availability_for: string[] | null;
  meeting_location: string[] | null;
  offered_services: string[] | null;
  hourly_rate: number | null;
  photos: ListingPhoto[];
  /** When staff approved the selfie verification of the photos (issue 26); null when not verified. */
  photos_verified_at?: string | null;
  /** 'Disponibile ora' until then (issue 27); absent on rows read before it existed. */
  available_until?: string | null;
  auto_renew?: boolean;
  /** What the current promotion cost: cancelling a scheduled one refunds it (owner reads only). */
  promotion_credits_paid?: number | null;
}

export type PromotionState = 'active' | 'pending' | 'base';

type PromotionFields = Pick<Listing, 'is_premium' | 'promotion_start_at' | 'promotion_end_at' | 'is_paused'>;

/** Active when premium, start <= now <= end and not paused; Pending when start is ahead. */
export function promotionState(l: PromotionFields, now: Date = new Date()): PromotionState {
  if (!l.is_premium || l.is_paused || !l.promotion_start_at) return 'base';
  const start = Date.parse(l.promotion_start_at);
  const end = l.promotion_end_at ? Date.parse(l.promotion_end_at) : Number.POSITIVE_INFINITY;
  const at = now.getTime();
  if (start > at) return 'pending';
  if (start <= at && at <= end) return 'active';
  return 'base';
}

export function photoLimit(l: PromotionFields, now: Date = new Date()): number {
  return promotionState(l, now) === 'active' ? PREMIUM_PHOTO_LIMIT : BASE_PHOTO_LIMIT;
}

/** Photos in display order (primary first, then oldest first), cut to the listing's limit. */
export function visiblePhotos(l: PromotionFields & { photos?: ListingPhoto[] | null }, now: Date = new Date()): ListingPhoto[] {
  const sorted = [...(l.photos ?? [])].sort(
    (a, b) => Number(b.is_primary) - Number(a.is_primary) || Date.parse(a.created_at) - Date.parse(b.created_at),
  );
  return sorted.slice(0, photoLimit(l, now));
}

/**
 * 'Disponibile ora' at `now`: the minutes left, or null once its end has passed. The server
 * stores only the end, so a card cached offline stops showing it on time as well.
 */
export function availableNow(l: Pick<Listing, 'available_until' | 'is_paused'>, now: Date = new Date()): { minutesLeft: number } | null {
  if (!l.available_until || l.is_paused) return null;
  const left = Date.parse(l.available_until) - now.getTime();
  return left > 0 ? { minutesLeft: Math.ceil(left / 60_000) } : null;
}
