/**
 * The coupon applied for the next purchase or promotion. Persisted to IndexedDB so it survives a reload
 * and shows in a second tab; cleared on log out. The server keeps the real pending coupon
 * (user_coupons); this store is what the screens offer and what the user removed.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idbStorage } from '@/lib/idbStorage.ts';

export interface AppliedCoupon {
  couponId: string;
  code: string;
  couponType: string;
  discountType: string;
  discountValue: number;
}

interface CouponsState {
  owner: string | null;
  applied: AppliedCoupon | null;
}

export const COUPONS_STORE = 'coupons';

const initial: CouponsState = { owner: null, applied: null };

export const useCouponsStore = create<CouponsState>()(
  persist(() => initial, {
    name: COUPONS_STORE,
    storage: createJSONStorage(() => idbStorage),
    skipHydration: true,
  }),
);

export function setAppliedCoupon(owner: string, applied: AppliedCoupon) {
  useCouponsStore.setState({ owner, applied });
}

export function removeAppliedCoupon() {
  useCouponsStore.setState({ applied: null });
}

export async function clearCouponsStore() {
  useCouponsStore.setState(initial);
  // persist.clearStorage() does not return IndexedDB's promise; the adapter's removeItem does.
  await useCouponsStore.persist.getOptions().storage?.removeItem(COUPONS_STORE);
}
