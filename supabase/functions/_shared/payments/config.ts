/**
 * The payment provider and the app's address from the environment. On Supabase (Deno) every
 * variable is required; the local platform (Node, `npm start`, the tests) falls back to the
 * LOCAL-ONLY defaults below, which point at its FlexPay sandbox.
 */
import { env } from '../env.ts';
import { createFlexPay, type FlexPayConfig } from './flexpay.ts';
import type { PaymentProvider } from './provider.ts';

/** LOCAL-ONLY: the sandbox's shop and signature key. Never used on Supabase. */
export const LOCAL_FLEXPAY_SHOP_ID = '100000';
export const LOCAL_FLEXPAY_SIGNATURE_KEY = 'local-sandbox-signature-key';
/** The local platform mounts its FlexPay sandbox here (supabase/local/src/payments). */
export const LOCAL_FLEXPAY_PATH = '/flexpay/startorder';

/** The app's result screen (src/lib/paths.ts paths.buyCreditsResult). */
export const RESULT_PATH = '/buy-credits/esito';

const onLocalPlatform = () => !(globalThis as { Deno?: unknown }).Deno;

function setting(name: string, localDefault: () => string): string {
  const value = env(name);
  if (value) return value;
  if (onLocalPlatform()) return localDefault();
  throw new Error(`Missing environment variable ${name}`);
}

export function flexpayConfig(): FlexPayConfig {
  return {
    shopId: setting('FLEXPAY_SHOP_ID', () => LOCAL_FLEXPAY_SHOP_ID),
    signatureKey: setting('FLEXPAY_SIGNATURE_KEY', () => LOCAL_FLEXPAY_SIGNATURE_KEY),
    startOrderUrl: setting('FLEXPAY_URL', () => `${env('SUPABASE_URL')}${LOCAL_FLEXPAY_PATH}`),
  };
}

/** The app's public origin (SITE_URL), e.g. https://incontri.example; locally GoTrue's site URL. */
export function siteUrl(): string {
  return setting('SITE_URL', () => env('GOTRUE_SITE_URL') || 'http://127.0.0.1:4173').replace(/\/+$/, '');
}

/** Where the provider returns the browser: the result screen with the order, and `esito=rifiutato` after a decline or an error. */
export function returnUrls(orderId: string): { successUrl: string; declineUrl: string } {
  const base = `${siteUrl()}${RESULT_PATH}?order=${encodeURIComponent(orderId)}`;
  return { successUrl: base, declineUrl: `${base}&esito=rifiutato` };
}

export function paymentProvider(): PaymentProvider {
  return createFlexPay(flexpayConfig());
}
