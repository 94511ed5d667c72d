/** The listings feature's backend calls (public reads, detail, report, delete). */
import { ApiError, toApiError, unwrap } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { loadSupabase } from '@/lib/backend.ts';
import type { Database } from '@/lib/database.types.ts';
import { publicRest } from '@/lib/publicRest.ts';
import { isUuid } from '@/lib/uuid.ts';
import type { Listing, ListingPhoto, PublicStatus } from './model.ts';
import type { ReviewFields } from './review.ts';

type Functions = Database['public']['Functions'];
type SearchArgs = Functions['search_listings']['Args'];

export interface SearchParams {
  query?: string;
  category?: string;
  city?: string;
  zone?: string;
  ageMin?: number;
  ageMax?: number;
  rateMin?: number;
  rateMax?: number;
  ethnicity?: string[];
  nationality?: string[];
  breast_type?: string[];
  hair_color?: string[];
  body_type?: string[];
  eye_color?: string[];
  meeting_type?: string[];
  availability_for?: string[];
  meeting_location?: string[];
  offered_services?: string[];
  /** Only listings 'Disponibile ora' (issue 27) */
  availableNow?: boolean;
  /** 'Solo foto verificate' (issue 26) */
  verifiedOnly?: boolean;
}

export interface Cursor {
  promoted: boolean;
  rankAt: string;
  id: string;
}

/** A row of search_listings; `photos` is the JSON array the function builds. */
export interface SearchRow extends Listing, Pick<Functions['search_listings']['Returns'][number], 'promoted' | 'rank_at'> {}

export interface SearchPage {
  rows: SearchRow[];
  next: Cursor | null;
}

const arr = (v: string[] | undefined) => (v && v.length ? v : undefined);

export const PAGE_SIZE = 20;

type CountArgs = Functions['search_listings_count']['Args'];

/** The RPC arguments of a search's filters (shared by the pages, the total and saved searches). */
export function filterArgs(params: SearchParams): CountArgs {
  const args: CountArgs = {
    p_query: params.query || undefined,
    p_category: params.category || undefined,
    p_city: params.city || undefined,
    p_zone: params.zone || undefined,
    p_age_min: params.ageMin,
    p_age_max: params.ageMax,
    p_rate_min: params.rateMin,
    p_rate_max: params.rateMax,
    p_ethnicity: arr(params.ethnicity),
    p_nationality: arr(params.nationality),
    p_breast_type: arr(params.breast_type),
    p_hair_color: arr(params.hair_color),
    p_body_type: arr(params.body_type),
    p_eye_color: arr(params.eye_color),
    p_meeting_type: arr(params.meeting_type),
    p_availability_for: arr(params.availability_for),
    p_meeting_location: arr(params.meeting_location),
    p_offered_services: arr(params.offered_services),
    p_available_now: params.availableNow || undefined,
  };
  for (const k of Object.keys(args) as (keyof CountArgs)[]) if (args[k] === undefined) delete args[k];
  return args;
}

/**
 * 'Solo foto verificate' for the pages and the total. Not in filterArgs: saved searches store
 * those and their alerts do not match on it (docs/decisions/0609-photo-verification.md).
 */
const verifiedArg = (params: SearchParams) => (params.verifiedOnly ? { p_verified_only: true } : {});

export async function searchListings(params: SearchParams, after: Cursor | null = null, limit = PAGE_SIZE): Promise<SearchPage> {
  const args: SearchArgs = { ...filterArgs(params), ...verifiedArg(params), p_limit: limit };
  if (after) Object.assign(args, { p_after_promoted: after.promoted, p_after_rank: after.rankAt, p_after_id: after.id });
  const data = await unwrap(publicRest.rpc('search_listings', args));
  const rows: SearchRow[] = (data ?? []).map((r) => ({
    ...r,
    hourly_rate: r.hourly_rate == null ? null : Number(r.hourly_rate),
    photos: (r.photos ?? []) as unknown as ListingPhoto[],
  }));
  const last = rows[rows.length - 1];
  return { rows, next: rows.length === limit && last ? { promoted: last.promoted, rankAt: last.rank_at, id: last.id } : null };
}

/** How many public listings match the filters: the search's real total. */
export async function countListings(params: SearchParams): Promise<number> {
  return Number(await unwrap(publicRest.rpc('search_listings_count', { ...filterArgs(params), ...verifiedArg(params) })));
}

export interface ListingDetail {
  status: PublicStatus;
  listing: (Listing & { promoted: boolean }) | null;
  phone: string | null;
  /** The statistics token the server signed with this page (issue 41): the view and its contacts carry it. */
  viewToken?: string | null;
}

export async function fetchListingDetail(id: string): Promise<ListingDetail> {
  if (!isUuid(id)) return { status: 'missing', listing: null, phone: null };
  const data = await unwrap(publicRest.rpc('listing_detail', { p_id: id }));
  // listing_detail returns one json document (typed Json): its shape is the function's.
  const d = (data ?? { status: 'missing' }) as unknown as { status: PublicStatus; listing?: Listing & { promoted: boolean }; phone?: string | null; view_token?: string };
  const listing = d.listing ? { ...d.listing, hourly_rate: d.listing.hourly_rate == null ? null : Number(d.listing.hourly_rate) } : null;
  return { status: d.status, listing, phone: d.phone ?? null, viewToken: d.view_token ?? null };
}

/**
 * The columns of listings that visitors and users may select (the listings migration's
 * grants, issue 41): a page and a card show no other, and `*` is refused, the owner's too.
 */
const LISTING_COLUMNS =
  'id, user_id, title, category, city, zone, age, description, created_at, expires_at, is_premium, promotion_mode, promotion_start_at, promotion_end_at, last_bumped_at, is_paused, slug, ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for, meeting_location, offered_services, hourly_rate, review_status, available_until, photos_verified_at';

/** What only the owner (and staff) read: the wallet's, the clock's and the review's columns. */
type PrivateFields = Pick<Listing, 'auto_renew' | 'promotion_credits_paid'> & Pick<ReviewFields, 'review_submitted_at'>;

/** listing_private_fields of these listings (the caller's own), by id. */
async function privateFields(ids: string[]): Promise<Map<string, PrivateFields>> {
  if (ids.length === 0) return new Map();
  const supabase = await loadSupabase();
  const rows = await unwrap(supabase.rpc('listing_private_fields', { p_ids: ids }));
  return new Map((rows ?? []).map((r) => [r.id, { auto_renew: r.auto_renew, promotion_credits_paid: r.promotion_credits_paid, review_submitted_at: r.review_submitted_at }]));
}

/**
 * The signed-in owner's own listing whatever its state (RLS lets owners read theirs), with
 * all its photos; null when it is not theirs.
 */
export async function fetchOwnListing(id: string, userId: string): Promise<(Listing & ReviewFields) | null> {
  const supabase = await loadSupabase();
  const [row, own, photos] = await Promise.all([
    unwrap(supabase.from('listings').select(LISTING_COLUMNS).eq('id', id).eq('user_id', userId).maybeSingle()),
    privateFields([id]),
    unwrap(supabase.from('listing_photos').select('id, url, is_primary, created_at, renditions, placeholder, avif').eq('listing_id', id).order('is_primary', { ascending: false }).order('created_at')),
  ]);
  if (!row) return null;
  return { ...row, ...own.get(id), hourly_rate: row.hourly_rate == null ? null : Number(row.hourly_rate), photos: photos ?? [] };
}

/**
 * Pauses or resumes a listing (its owner, or staff) through the pause-resume-listing edge
 * function; rejects with an ApiError carrying the function's Italian `error` when it refuses.
 */
export async function setListingPaused(id: string, paused: boolean): Promise<void> {
  const supabase = await loadSupabase();
  await unwrap(supabase.functions.invoke('pause-resume-listing', { body: { listingId: id, action: paused ? 'pause' : 'resume' } }));
}

/** 'Disponibile ora' on (2 hours, twice a day) or off; the server's Italian refusal otherwise. Returns the new end. */
export async function setAvailableNow(id: string, on: boolean): Promise<string | null> {
  const supabase = await loadSupabase();
  const row = await unwrap(supabase.rpc('set_available_now', { p_listing_id: id, p_on: on }));
  return row.available_until;
}

/** 'Rinnovo automatico' on or off. */
export async function setAutoRenew(id: string, on: boolean): Promise<void> {
  const supabase = await loadSupabase();
  await unwrap(supabase.rpc('set_auto_renew', { p_listing_id: id, p_on: on }));
}

/** Cancels a scheduled ('In Attesa') promotion; returns the credits refunded. */
export async function cancelScheduledPromotion(id: string): Promise<number> {
  const supabase = await loadSupabase();
  const r = (await unwrap(supabase.rpc('cancel_scheduled_promotion', { p_listing_id: id }))) as { refunded?: number } | null;
  return Number(r?.refunded ?? 0);
}

/**
 * A report by anyone, signed in or not (report_listing): the optional e-mail gets the statement
 * of reasons; `device` is this device's random id for the per-device limit. Refusals carry an
 * Italian message and a code (report_duplicate, report_limit_device, report_limit_address, email_invalid).
 */
export async function reportListing(listingId: string, fields: { reason: string; details: string; email: string; device: string; clientId?: string }): Promise<void> {
  const supabase = await loadSupabase();
  await unwrap(
    supabase.rpc('report_listing', {
      p_listing_id: listingId,
      p_reason: fields.reason,
      p_details: fields.details.trim() || undefined,
      p_email: fields.email.trim() || undefined,
      p_device: fields.device,
      // The outbox's id for this report: a copy sent again answers the same report (docs/decisions/1008-offline-writes-applied-once.md).
      p_client_id: fields.clientId,
    }),
  );
}

/**
 * Deletes a listing (owner or staff, by RLS); its photo rows cascade and the database queues
 * their files for the clean-up job, so nothing here touches Storage.
 */
export async function deleteListing(id: string): Promise<void> {
  const supabase = await loadSupabase();
  await unwrap(supabase.from('listings').delete().eq('id', id));
}

export async function currentUserId(): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}

// --- The owner's listings ('I tuoi annunci') and renewal ---------------------------------

export const MY_LISTINGS_PAGE_SIZE = 10;

/** 'I tuoi annunci''s order: paused last, promoted first, then latest promotion end, latest bump, newest. */
const inMyListingsOrder = <Q extends { order(column: string, options: { ascending: boolean; nullsFirst?: boolean }): Q }>(query: Q): Q =>
  query
    .order('is_paused', { ascending: true })
    .order('is_premium', { ascending: false })
    .order('promotion_end_at', { ascending: false, nullsFirst: false })
    .order('last_bumped_at', { ascending: false, nullsFirst: false })
    .order('created_at', { ascending: false });

export interface MyListingsPage {
  rows: (Listing & { user_id: string })[];
  total: number;
}

/**
 * One page (from 1) of the caller's own listings whatever their state, with their photos:
 * paused last, promoted first, then latest promotion end, latest bump, newest.
 */
export async function fetchMyListings(userId: string, page: number): Promise<MyListingsPage> {
  const supabase = await loadSupabase();
  const from = (Math.max(1, page) - 1) * MY_LISTINGS_PAGE_SIZE;
  const query = supabase
    .from('listings')
    .select(`${LISTING_COLUMNS}, photos:listing_photos(id, url, is_primary, created_at, renditions, placeholder, avif)` as const, { count: 'exact' })
    .eq('user_id', userId);
  const { data, count, error, status } = await inMyListingsOrder(query).range(from, from + MY_LISTINGS_PAGE_SIZE - 1);
  if (error) throw await toApiError(error, status);
  const own = await privateFields((data ?? []).map((r) => r.id));
  const rows = (data ?? []).map((r) => ({ ...r, ...own.get(r.id), hourly_rate: r.hourly_rate == null ? null : Number(r.hourly_rate) }));
  return { rows, total: count ?? rows.length };
}

/** The page (from 1) of 'I tuoi annunci' that shows the caller's listing `id`; null when it is not theirs. */
export async function fetchMyListingPage(userId: string, id: string): Promise<number | null> {
  const supabase = await loadSupabase();
  const ids = await unwrap(inMyListingsOrder(supabase.from('listings').select('id').eq('user_id', userId)));
  const at = (ids ?? []).findIndex((r) => r.id === id);
  return at < 0 ? null : Math.floor(at / MY_LISTINGS_PAGE_SIZE) + 1;
}

export interface RenewalQuote {
  cost: number;
  days: number;
  balance: number;
}

const settingNumber = (rows: { key: string; value: unknown }[], key: string, fallback: number) => {
  const n = Number(rows.find((r) => r.key === key)?.value);
  return Number.isFinite(n) ? n : fallback;
};

/** What renewing costs (the settings renew_listing charges from) and the caller's balance. */
export async function fetchRenewalQuote(userId: string): Promise<RenewalQuote> {
  const supabase = await loadSupabase();
  const [settings, profile] = await Promise.all([
    unwrap(supabase.from('settings').select('key, value').in('key', ['listing_creation_cost', 'listing_duration_days'])),
    unwrap(supabase.from('profiles').select('credits').eq('id', userId).single()),
  ]);
  return {
    cost: settingNumber(settings ?? [], 'listing_creation_cost', 10),
    days: settingNumber(settings ?? [], 'listing_duration_days', 30),
    balance: profile?.credits ?? 0,
  };
}

/** Renews the caller's expired listing through renew_listing (charges the credits atomically; Italian refusals). */
export async function renewListing(id: string): Promise<void> {
  const supabase = await loadSupabase();
  await unwrap(supabase.rpc('renew_listing', { p_listing_id: id }));
}

// ---------------------------------------------------------------------------------------
// The listing editor: cost and balance, create, update.

/** What creating costs (the setting create_listing charges), the photo limit (the trigger's) and the caller's balance. */
export async function fetchCreationBudget(userId: string): Promise<{ cost: number; credits: number; maxPhotos: number }> {
  const supabase = await loadSupabase();
  const [settings, profile] = await Promise.all([
    unwrap(supabase.from('settings').select('key, value').in('key', ['listing_creation_cost', 'max_photos_per_listing'])),
    unwrap(supabase.from('profiles').select('credits').eq('id', userId).single()),
  ]);
  const setting = (key: string) => Number(settings.find((s) => s.key === key)?.value);
  return { cost: setting('listing_creation_cost'), credits: profile.credits, maxPhotos: setting('max_photos_per_listing') };
}

/** Publishes a listing through create_listing (charges the cost once per creation key); resolves with its id. */
export async function createListing(args: Functions['create_listing']['Args']): Promise<{ id: string }> {
  const supabase = await loadSupabase();
  const row = await unwrap(supabase.rpc('create_listing', args));
  return { id: row.id };
}

/**
 * The listing's review status as the database left it after a save or an upload (issue 40):
 * read again, because the hold is written by a trigger after the row the update returns.
 */
export async function fetchReviewStatus(id: string): Promise<string | null> {
  const supabase = await loadSupabase();
  const row = await unwrap(supabase.from('listings').select('review_status').eq('id', id).maybeSingle());
  return row?.review_status ?? null;
}

/** Saves the owner's changes to a listing's content columns (never charges). */
export async function updateListing(id: string, columns: Database['public']['Tables']['listings']['Update']): Promise<void> {
  const supabase = await loadSupabase();
  const rows = await unwrap(supabase.from('listings').update(columns).eq('id', id).select('id'));
  if (!rows?.length) throw new ApiError('refused', t.listings.detail.notFound, 'listing_not_found');
}

// ---------------------------------------------------------------------------------------
// 'Verifica le foto' (issue 26): the code and gesture; the selfie goes through listing-photo.

export type PhotoVerification = Pick<Database['public']['Tables']['photo_verifications']['Row'], 'id' | 'code' | 'gesture' | 'code_expires_at' | 'status'>;

/** A new code (valid 30 minutes) and gesture for the owner's listing; refused while a selfie waits for staff. */
export async function requestPhotoVerification(listingId: string): Promise<PhotoVerification> {
  const supabase = await loadSupabase();
  const row = await unwrap(supabase.rpc('request_photo_verification', { p_listing_id: listingId }));
  return { id: row.id, code: row.code, gesture: row.gesture, code_expires_at: row.code_expires_at, status: row.status };
}
