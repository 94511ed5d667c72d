export { useCouponsStore, setAppliedCoupon, removeAppliedCoupon, clearCouponsStore, COUPONS_STORE, type AppliedCoupon } from './store.ts';
export { AppliedCouponNote } from './components/AppliedCouponNote.tsx';
export const couponKeysAll = ['coupons'] as const;
