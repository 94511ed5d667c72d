/** The control panel's server state: query keys, queries and mutations over api.ts. */
import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { romeDayStart } from '@/lib/dates.ts';
import {
  decideVerification,
  dismissReport,
  fetchAuditLog,
  fetchOverview,
  fetchReports,
  fetchStaffTicket,
  fetchStaffTickets,
  fetchTicketMessages,
  fetchVerifications,
  removeListing,
  SELFIE_URL_SECONDS,
  selfieUrl,
  setTicketStatus,
} from './api.ts';
import { auditRange, type AuditFilters, type ReportStatus, type TicketFilter } from './model.ts';

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  tickets: () => [...adminKeys.all, 'tickets'] as const,
  ticketList: (filter: TicketFilter) => [...adminKeys.tickets(), 'list', filter] as const,
  ticket: (id: string) => [...adminKeys.tickets(), 'one', id] as const,
  messages: (id: string) => [...adminKeys.tickets(), 'messages', id] as const,
  reports: (status?: ReportStatus) => (status ? ([...adminKeys.all, 'reports', status] as const) : ([...adminKeys.all, 'reports'] as const)),
  audit: (filters?: AuditFilters, page?: number) =>
    filters ? ([...adminKeys.all, 'audit', filters, page] as const) : ([...adminKeys.all, 'audit'] as const),
};

// Staff screens show what happens now: asked again on every visit.
export const overviewQuery = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: fetchOverview, refetchOnMount: 'always' });

export const staffTicketsQuery = (filter: TicketFilter) =>
  queryOptions({ queryKey: adminKeys.ticketList(filter), queryFn: () => fetchStaffTickets(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const staffTicketQuery = (id: string | null) =>
  queryOptions({ queryKey: adminKeys.ticket(id ?? ''), queryFn: id ? () => fetchStaffTicket(id) : skipToken });

export const ticketMessagesQuery = (id: string | null) =>
  queryOptions({ queryKey: adminKeys.messages(id ?? ''), queryFn: id ? () => fetchTicketMessages(id) : skipToken });

export const reportsQuery = (status: ReportStatus) =>
  queryOptions({ queryKey: adminKeys.reports(status), queryFn: () => fetchReports(status), refetchOnMount: 'always' });

export const auditLogQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(filters, page),
    queryFn: () => fetchAuditLog(filters, auditRange(filters, romeDayStart), page),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

/** After a staff action: the lists it changes, the figures and the log. */
export function useInvalidate() {
  const queries = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all([...keys, adminKeys.overview(), adminKeys.audit()].map((queryKey) => queries.invalidateQueries({ queryKey })));
}

export function useSetTicketStatus(ticketId: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (status: string) => setTicketStatus(ticketId, status), onSuccess: () => invalidate(adminKeys.tickets()) });
}

export function useDismissReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ reportId, note }: { reportId: string; note: string }) => dismissReport(reportId, note),
    onSuccess: () => invalidate(adminKeys.reports()),
  });
}

export function useRemoveListing() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ listingId, reason }: { listingId: string; reason: string }) => removeListing(listingId, reason),
    onSuccess: () => invalidate(adminKeys.reports()),
  });
}

// --- Staff sections: Utenti, Annunci, Coupon, Impostazioni ---------------------------------
import {
  adjustUserCredits,
  fetchAdminListings,
  fetchBanHistory,
  fetchCoupons,
  fetchPackages,
  fetchSettings,
  fetchUser,
  findUserIdByEmail,
  saveCoupon,
  savePackage,
  saveSetting,
  searchUsers,
  setCouponActive,
  setUserBanned,
  setUserRole,
  type ListingStateFilter,
} from './api.ts';
import type { CouponFormValues } from './coupons/model.ts';
import type { PackageFormValues } from './settings/model.ts';

export const staffKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (query: string, page: number) => [...staffKeys.users, 'search', query, page] as const,
  user: (id: string) => [...staffKeys.users, 'one', id] as const,
  bans: (id: string) => [...staffKeys.users, 'bans', id] as const,
  listings: ['admin', 'listings'] as const,
  listingsPage: (query: string, state: ListingStateFilter, page: number) => [...staffKeys.listings, query, state, page] as const,
  coupons: ['admin', 'coupons'] as const,
  settings: ['admin', 'settings'] as const,
  packages: ['admin', 'packages'] as const,
};

export const usersQuery = (query: string, page: number) =>
  queryOptions({ queryKey: staffKeys.usersPage(query, page), queryFn: () => searchUsers(query, page), placeholderData: keepPreviousData });

export const userQuery = (id: string) => queryOptions({ queryKey: staffKeys.user(id), queryFn: () => fetchUser(id) });

/** A user's statements of reasons (a ban decision makes every users key stale, this one too). */
export const banHistoryQuery = (id: string) => queryOptions({ queryKey: staffKeys.bans(id), queryFn: () => fetchBanHistory(id), refetchOnMount: 'always' });

export const adminListingsQuery = (query: string, state: ListingStateFilter, page: number) =>
  queryOptions({ queryKey: staffKeys.listingsPage(query, state, page), queryFn: () => fetchAdminListings(query, state, page), placeholderData: keepPreviousData });

export const couponsQuery = () => queryOptions({ queryKey: staffKeys.coupons, queryFn: fetchCoupons });
export const settingsQuery = () => queryOptions({ queryKey: staffKeys.settings, queryFn: fetchSettings });
export const packagesQuery = () => queryOptions({ queryKey: staffKeys.packages, queryFn: fetchPackages });

function useInvalidateStaff(...keys: (readonly string[])[]) {
  const queries = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
}

export function useSetBanned() {
  const invalidate = useInvalidateStaff(staffKeys.users, staffKeys.listings, ['listings']);
  return useMutation({
    mutationFn: ({ userId, banned, reason }: { userId: string; banned: boolean; reason: string }) => setUserBanned(userId, banned, reason),
    onSettled: invalidate,
  });
}

export function useAdjustCredits() {
  const invalidate = useInvalidateStaff(staffKeys.users);
  return useMutation({
    mutationFn: ({ userId, amount, reason }: { userId: string; amount: number; reason: string }) => adjustUserCredits(userId, amount, reason),
    onSettled: invalidate,
  });
}

export function useSetRole() {
  const invalidate = useInvalidateStaff(staffKeys.users);
  return useMutation({ mutationFn: ({ userId, role }: { userId: string; role: string }) => setUserRole(userId, role), onSettled: invalidate });
}

/** Removal changes the user's counts and the owner's listings too. */
export function useStaffRemoveListing() {
  const invalidate = useInvalidateStaff(staffKeys.listings, staffKeys.users, ['listings']);
  return useMutation({
    mutationFn: ({ listingId, reason }: { listingId: string; reason: string }) => removeListing(listingId, reason),
    onSettled: invalidate,
  });
}

export class CouponUserNotFound extends Error {}

/** Saves a coupon; the single user's e-mail is looked up first (CouponUserNotFound when nobody has it). */
export function useSaveCoupon() {
  const invalidate = useInvalidateStaff(staffKeys.coupons);
  return useMutation({
    mutationFn: async ({ values, id }: { values: CouponFormValues; id?: string }) => {
      let userId: string | null = null;
      if (values.userEmail.trim()) {
        userId = await findUserIdByEmail(values.userEmail);
        if (!userId) throw new CouponUserNotFound();
      }
      await saveCoupon(values, userId, id);
    },
    onSettled: invalidate,
  });
}

export function useSetCouponActive() {
  const invalidate = useInvalidateStaff(staffKeys.coupons);
  return useMutation({ mutationFn: ({ id, active }: { id: string; active: boolean }) => setCouponActive(id, active), onSettled: invalidate });
}

export function useSaveSetting() {
  const invalidate = useInvalidateStaff(staffKeys.settings);
  return useMutation({ mutationFn: ({ key, value }: { key: string; value: unknown }) => saveSetting(key, value), onSettled: invalidate });
}

export function useSavePackage() {
  const invalidate = useInvalidateStaff(staffKeys.packages);
  return useMutation({ mutationFn: ({ values, id }: { values: PackageFormValues; id?: string }) => savePackage(values, id), onSettled: invalidate });
}

// --- Verifiche (issue 26) ------------------------------------------------------------------

export const verificationKeys = {
  queue: ['admin', 'verifications'] as const,
  selfie: (path: string) => ['admin', 'verifications', 'selfie', path] as const,
};

export const verificationsQuery = () => queryOptions({ queryKey: verificationKeys.queue, queryFn: fetchVerifications, refetchOnMount: 'always' });

/** The selfie's signed address, asked again before it expires. */
export const selfieQuery = (path: string | null) =>
  queryOptions({
    queryKey: verificationKeys.selfie(path ?? ''),
    queryFn: path ? () => selfieUrl(path) : skipToken,
    staleTime: (SELFIE_URL_SECONDS - 15) * 1000,
    refetchInterval: (SELFIE_URL_SECONDS - 15) * 1000,
  });

export function useDecideVerification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) => decideVerification(id, approve, reason),
    onSettled: () => invalidate(verificationKeys.queue),
  });
}
