export { useCouponsStore, clearCouponsStore, COUPONS_STORE } from './store.ts';
