/** The control panel's server state: query keys, queries and mutations over api.ts. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// --- Staff sections: Utenti, Annunci, Coupon, Impostazioni ---------------------------------
import {
  adjustUserCredits,
  fetchAdminListings,
  fetchCoupons,
  fetchPackages,
  fetchSettings,
  fetchUser,
  findUserIdByEmail,
  removeListing,
  saveCoupon,
  savePackage,
  saveSetting,
  searchUsers,
  setCouponActive,
  setUserBanned,
  setUserRole,
  type ListingStateFilter,
} from './api.ts';
import type { CouponFormValues } from './CouponsModel.ts';
import type { PackageFormValues } from './SettingsModel.ts';

export const staffKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (query: string, page: number) => [...staffKeys.users, 'search', query, page] as const,
  user: (id: string) => [...staffKeys.users, 'one', id] as const,
  listings: ['admin', 'listings'] as const,
  listingsPage: (query: string, state: ListingStateFilter, page: number) => [...staffKeys.listings, query, state, page] as const,
  coupons: ['admin', 'coupons'] as const,
  settings: ['admin', 'settings'] as const,
  packages: ['admin', 'packages'] as const,
};

export const usersQuery = (query: string, page: number) =>
  queryOptions({ queryKey: staffKeys.usersPage(query, page), queryFn: () => searchUsers(query, page), placeholderData: keepPreviousData });

export const userQuery = (id: string) => queryOptions({ queryKey: staffKeys.user(id), queryFn: () => fetchUser(id) });

export const adminListingsQuery = (query: string, state: ListingStateFilter, page: number) =>
  queryOptions({ queryKey: staffKeys.listingsPage(query, state, page), queryFn: () => fetchAdminListings(query, state, page), placeholderData: keepPreviousData });

export const couponsQuery = () => queryOptions({ queryKey: staffKeys.coupons, queryFn: fetchCoupons });
export const settingsQuery = () => queryOptions({ queryKey: staffKeys.settings, queryFn: fetchSettings });
export const packagesQuery = () => queryOptions({ queryKey: staffKeys.packages, queryFn: fetchPackages });

function useInvalidate(...keys: (readonly string[])[]) {
  const queries = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
}

export function useSetBanned() {
  const invalidate = useInvalidate(staffKeys.users, staffKeys.listings, ['listings']);
  return useMutation({
    mutationFn: ({ userId, banned, reason }: { userId: string; banned: boolean; reason: string }) => setUserBanned(userId, banned, reason),
    onSettled: invalidate,
  });
}

export function useAdjustCredits() {
  const invalidate = useInvalidate(staffKeys.users);
  return useMutation({
    mutationFn: ({ userId, amount, reason }: { userId: string; amount: number; reason: string }) => adjustUserCredits(userId, amount, reason),
    onSettled: invalidate,
  });
}

export function useSetRole() {
  const invalidate = useInvalidate(staffKeys.users);
  return useMutation({ mutationFn: ({ userId, role }: { userId: string; role: string }) => setUserRole(userId, role), onSettled: invalidate });
}

/** Removal changes the user's counts and the owner's listings too. */
export function useRemoveListing() {
  const invalidate = useInvalidate(staffKeys.listings, staffKeys.users, ['listings']);
  return useMutation({
    mutationFn: ({ listing, reason }: { listing: { id: string; user_id: string }; reason: string }) => removeListing(listing, reason),
    onSettled: invalidate,
  });
}

export class CouponUserNotFound extends Error {}

/** Saves a coupon; the single user's e-mail is looked up first (CouponUserNotFound when nobody has it). */
export function useSaveCoupon() {
  const invalidate = useInvalidate(staffKeys.coupons);
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
  const invalidate = useInvalidate(staffKeys.coupons);
  return useMutation({ mutationFn: ({ id, active }: { id: string; active: boolean }) => setCouponActive(id, active), onSettled: invalidate });
}

export function useSaveSetting() {
  const invalidate = useInvalidate(staffKeys.settings);
  return useMutation({ mutationFn: ({ key, value }: { key: string; value: unknown }) => saveSetting(key, value), onSettled: invalidate });
}

export function useSavePackage() {
  const invalidate = useInvalidate(staffKeys.packages);
  return useMutation({ mutationFn: ({ values, id }: { values: PackageFormValues; id?: string }) => savePackage(values, id), onSettled: invalidate });
}
