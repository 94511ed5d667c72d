/** The control panel's calls: figures, the staff ticket inbox, the report queue, the audit log. */
import { toApiError, unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import { catchUpOnJoin } from '@/lib/realtimeCatchUp.ts';
import { parseOverview, statusesOf, type AuditFilters, type Overview, type ReportStatus, type TicketFilter } from './model.ts';

// --- Panoramica ----------------------------------------------------------------------------

export async function fetchOverview(): Promise<Overview> {
  return parseOverview(await unwrap(supabase.rpc('admin_overview', { p_days: 30 })));
}

// --- Ticket --------------------------------------------------------------------------------

export type StaffTicket = Pick<
  Tables<'tickets'>,
  'id' | 'subject' | 'status' | 'created_at' | 'updated_at' | 'last_replied_by' | 'listing_id' | 'user_id' | 'reporter_email'
> & { listings: Pick<Tables<'listings'>, 'title'> | null };

export type TicketMessage = Pick<Tables<'ticket_messages'>, 'id' | 'author_role' | 'body' | 'created_at' | 'client_id'>;

const TICKET_COLUMNS = 'id, subject, status, created_at, updated_at, last_replied_by, listing_id, user_id, reporter_email, listings(title)';

/** The staff inbox: tickets in the filter's statuses, newest activity first. */
export async function fetchStaffTickets(filter: TicketFilter): Promise<StaffTicket[]> {
  let query = supabase.from('tickets').select(TICKET_COLUMNS);
  const statuses = statusesOf(filter);
  if (statuses) query = query.in('status', statuses);
  return unwrap(query.order('updated_at', { ascending: false }).limit(100));
}

export async function fetchStaffTicket(id: string): Promise<StaffTicket | null> {
  return unwrap(supabase.from('tickets').select(TICKET_COLUMNS).eq('id', id).maybeSingle());
}

export async function fetchTicketMessages(ticketId: string): Promise<TicketMessage[]> {
  return unwrap(
    supabase.from('ticket_messages').select('id, author_role, body, created_at, client_id').eq('ticket_id', ticketId).order('created_at', { ascending: true }),
  );
}

export async function setTicketStatus(ticketId: string, status: string): Promise<void> {
  await unwrap(supabase.rpc('set_ticket_status', { p_ticket_id: ticketId, p_status: status }));
}

// --- Segnalazioni --------------------------------------------------------------------------

export type StaffReport = Pick<Tables<'listing_reports'>, 'id' | 'reason' | 'details' | 'status' | 'created_at' | 'listing_id' | 'urgent' | 'reporter_id' | 'reporter_email'> & {
  listing: Pick<Tables<'listings'>, 'id' | 'title' | 'city'> | null;
  reporter: Pick<Tables<'profiles'>, 'email' | 'display_name'> | null;
};

export async function fetchReports(status: ReportStatus): Promise<StaffReport[]> {
  return unwrap(
    supabase
      .from('listing_reports')
      .select('id, reason, details, status, created_at, listing_id, urgent, reporter_id, reporter_email, listing:listings(id, title, city), reporter:profiles!listing_reports_reporter_id_fkey(email, display_name)')
      .eq('status', status)
      // 'Minori o tratta di persone' first (issue 26), then the newest.
      .order('urgent', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(100),
  );
}

export async function dismissReport(reportId: string, note: string): Promise<void> {
  await unwrap(supabase.rpc('dismiss_report', { p_report_id: reportId, p_reason: note.trim() || undefined }));
}

/**
 * Removes a listing as staff through admin_delete_listing, which notifies the owner with the
 * reason and logs it; the database queues the photo files for the clean-up job.
 */
export async function removeListing(listingId: string, reason: string): Promise<void> {
  await unwrap(supabase.rpc('admin_delete_listing', { p_listing_id: listingId, p_reason: reason.trim() }));
}

// --- Registro ------------------------------------------------------------------------------

export type AuditRow = Tables<'audit_log'>;
export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log, newest first, with the filters' total. */
export async function fetchAuditLog(
  filters: AuditFilters,
  range: { gte?: string; lt?: string },
  page: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = supabase.from('audit_log').select('*', { count: 'exact' });
  if (filters.action) query = query.eq('action', filters.action);
  if (filters.actor.trim()) query = query.ilike('actor_email', `%${filters.actor.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (range.gte) query = query.gte('created_at', range.gte);
  if (range.lt) query = query.lt('created_at', range.lt);
  const from = page * AUDIT_PAGE_SIZE;
  let total = 0;
  const rows = await unwrap(
    query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + AUDIT_PAGE_SIZE - 1)
      .then((res) => ((total = res.count ?? 0), res)),
  );
  return { rows, total };
}

// --- Realtime ------------------------------------------------------------------------------

/** Calls `onChange` on every change of `table` the viewer may read (RLS decides); returns the unsubscribe. */
export function subscribeTable(table: 'tickets' | 'listing_reports', onChange: () => void): () => void {
  const channel = supabase
    .channel(`admin:${table}:${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table }, onChange)
    .subscribe(catchUpOnJoin(onChange));
  return () => void supabase.removeChannel(channel);
}

// --- Staff sections: Utenti, Annunci, Coupon, Impostazioni ---------------------------------
import type { CouponFormValues, CouponRow } from './coupons/model.ts';
import { couponPayload } from './coupons/model.ts';
import { packagePayload, type PackageFormValues } from './settings/model.ts';
import { USERS_PAGE_SIZE } from './users/model.ts';

export interface StaffUserRow {
  id: string;
  email: string | null;
  display_name: string | null;
  role: string;
  credits: number;
  created_at: string;
  listings_count: number;
  tickets_count: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** One page (from 1) of users matching `query` by e-mail or name (admin_search_users: staff only). */
export async function searchUsers(query: string, page: number): Promise<Paged<StaffUserRow>> {
  const rows = await unwrap(
    supabase.rpc('admin_search_users', { p_query: query.trim(), p_limit: USERS_PAGE_SIZE, p_offset: (Math.max(1, page) - 1) * USERS_PAGE_SIZE }),
  );
  return { rows: rows ?? [], total: rows?.[0]?.total_count ?? 0 };
}

export async function fetchUser(userId: string): Promise<Pick<Tables<'profiles'>, 'id' | 'email' | 'display_name' | 'role'> | null> {
  return unwrap(supabase.from('profiles').select('id, email, display_name, role').eq('id', userId).maybeSingle());
}

export type BanStatement = Pick<Tables<'account_bans'>, 'id' | 'decision' | 'reason' | 'banned_at' | 'created_at'>;

/** A user's statements of reasons, newest (the one in force) first. */
export async function fetchBanHistory(userId: string): Promise<BanStatement[]> {
  return unwrap(supabase.from('account_bans').select('id, decision, reason, banned_at, created_at').eq('user_id', userId).order('id', { ascending: false }));
}

/** Bans, gives a banned user a new reason, or unbans: each a new statement of reasons the user reads on /banned (and the audit row keeps). */
export async function setUserBanned(userId: string, banned: boolean, reason: string): Promise<void> {
  await unwrap(supabase.rpc('admin_set_banned', { p_user_id: userId, p_banned: banned, p_reason: reason.trim() }));
}

/** Adds (or with a negative amount removes) credits with a reason; resolves with the new balance. */
export async function adjustUserCredits(userId: string, amount: number, reason: string): Promise<number> {
  return unwrap(supabase.rpc('admin_adjust_credits', { p_user_id: userId, p_amount: amount, p_reason: reason.trim() }));
}

export async function setUserRole(userId: string, role: string): Promise<void> {
  await unwrap(supabase.rpc('admin_set_role', { p_user_id: userId, p_role: role }));
}

export const ADMIN_LISTINGS_PAGE_SIZE = 20;
import type { ListingStateFilter } from './listings/model.ts';
export type { ListingStateFilter };

export type AdminListingRow = Pick<
  Tables<'listings'>,
  'id' | 'title' | 'city' | 'category' | 'slug' | 'user_id' | 'is_paused' | 'expires_at' | 'is_premium' | 'created_at' | 'review_status'
> & {
  owner: { email: string | null } | null;
};

/** Characters PostgREST's or() and ilike treat specially, dropped from a search term. */
const searchTerm = (q: string) => q.trim().replace(/[%_,()*\\.:"]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * One page (from 1) of every listing (staff read them all through RLS), newest first, by title
 * or city and state: waiting and refused listings are their own states (listings/model.ts), so
 * 'Attivi', 'In pausa' and 'Scaduti' hold only approved ones.
 */
export async function fetchAdminListings(query: string, state: ListingStateFilter, page: number, now = new Date()): Promise<Paged<AdminListingRow>> {
  const from = (Math.max(1, page) - 1) * ADMIN_LISTINGS_PAGE_SIZE;
  let q = supabase
    .from('listings')
    .select('id, title, city, category, slug, user_id, is_paused, expires_at, is_premium, created_at, review_status, owner:profiles!listings_user_id_fkey(email)', {
      count: 'exact',
    });
  const term = searchTerm(query);
  if (term) q = q.or(`title.ilike.*${term}*,city.ilike.*${term}*`);
  const nowIso = now.toISOString();
  if (state === 'pending' || state === 'rejected') q = q.eq('review_status', state);
  if (state === 'paused') q = q.eq('review_status', 'approved').eq('is_paused', true);
  if (state === 'live') q = q.eq('review_status', 'approved').eq('is_paused', false).gt('expires_at', nowIso);
  if (state === 'expired') q = q.eq('review_status', 'approved').eq('is_paused', false).lte('expires_at', nowIso);
  const { data, count, error, status } = await q.order('created_at', { ascending: false }).range(from, from + ADMIN_LISTINGS_PAGE_SIZE - 1);
  if (error) throw await toApiError(error, status);
  return { rows: (data ?? []), total: count ?? 0 };
}

/** Every coupon, newest first, with the e-mail of its single user. */
export async function fetchCoupons(): Promise<CouponRow[]> {
  const rows = await unwrap(
    supabase
      .from('coupons')
      .select('id, code, type, discount_type, discount_value, expires_at, applies_to_user_id, is_active, max_uses, usage_count, description, created_at, user:profiles!coupons_applies_to_user_id_fkey(email)')
      .order('created_at', { ascending: false }),
  );
  return (rows ?? []).map(({ user, ...c }) => ({ ...c, discount_value: Number(c.discount_value), user_email: user?.email ?? null }));
}

/** The id of the user with this e-mail (case-insensitive), or null. */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  const row = await unwrap(supabase.from('profiles').select('id').ilike('email', email.trim().replace(/[%_\\]/g, '\\$&')).maybeSingle());
  return row?.id ?? null;
}

/** Creates (no id) or changes a coupon; admin only (RLS). */
export async function saveCoupon(values: CouponFormValues, userId: string | null, id?: string): Promise<void> {
  const row = couponPayload(values, userId);
  if (id) await unwrap(supabase.from('coupons').update(row).eq('id', id).select('id').single());
  else await unwrap(supabase.from('coupons').insert(row).select('id').single());
}

export async function setCouponActive(id: string, active: boolean): Promise<void> {
  await unwrap(supabase.from('coupons').update({ is_active: active }).eq('id', id).select('id').single());
}

export async function fetchSettings(): Promise<Tables<'settings'>[]> {
  return (await unwrap(supabase.from('settings').select('*').order('key'))) ?? [];
}

/** Changes one setting; admin only (RLS: another role's update matches no row, which is an error here). */
export async function saveSetting(key: string, value: unknown): Promise<void> {
  await unwrap(supabase.from('settings').update({ value: value as never }).eq('key', key).select('key').single());
}

export async function fetchPackages(): Promise<Tables<'credit_packages'>[]> {
  return (await unwrap(supabase.from('credit_packages').select('*').order('sort_order').order('name'))) ?? [];
}

export async function savePackage(values: PackageFormValues, id?: string): Promise<void> {
  const row = packagePayload(values);
  if (id) await unwrap(supabase.from('credit_packages').update(row).eq('id', id).select('id').single());
  else await unwrap(supabase.from('credit_packages').insert(row).select('id').single());
}

// --- Verifiche (issue 26) ------------------------------------------------------------------

/** A selfie waiting for staff, with the listing's photos to compare it with. */
export type StaffVerification = Pick<Tables<'photo_verifications'>, 'id' | 'code' | 'gesture' | 'selfie_path' | 'submitted_at' | 'listing_id'> & {
  listing: (Pick<Tables<'listings'>, 'id' | 'title' | 'city'> & { photos: Pick<Tables<'listing_photos'>, 'id' | 'url' | 'is_primary' | 'created_at'>[] }) | null;
  user: Pick<Tables<'profiles'>, 'email' | 'display_name'> | null;
};

const SELFIE_BUCKET = 'verification_selfies';
/** A signed selfie address lives a minute: enough to look, not to pass around. */
export const SELFIE_URL_SECONDS = 60;

/** The queue, oldest first (the 7-day clock runs from submission). */
export function fetchVerifications(): Promise<StaffVerification[]> {
  return unwrap(
    supabase
      .from('photo_verifications')
      .select(
        'id, code, gesture, selfie_path, submitted_at, listing_id, listing:listings(id, title, city, photos:listing_photos(id, url, is_primary, created_at)), user:profiles!photo_verifications_user_id_fkey(email, display_name)',
      )
      .eq('status', 'submitted')
      .order('submitted_at', { ascending: true })
      .limit(50),
  );
}

/** A short-lived address of the selfie (the bucket is private; only staff may sign). */
export async function selfieUrl(path: string): Promise<string> {
  return (await unwrap(supabase.storage.from(SELFIE_BUCKET).createSignedUrl(path, SELFIE_URL_SECONDS))).signedUrl;
}

/** Approves or refuses (with the reason the advertiser reads); the database deletes the selfie either way. */
export async function decideVerification(id: string, approve: boolean, reason?: string): Promise<void> {
  await unwrap(supabase.rpc('decide_photo_verification', { p_verification_id: id, p_approve: approve, p_reason: reason?.trim() || undefined }));
}
