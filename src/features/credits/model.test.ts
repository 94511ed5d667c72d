import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { bestValueId, couponNote, formatCents, isFinal, paymentStatusColor, pricePerCredit, purchaseOutcome, signedAmount, transactionLabel } from './model.ts';

const norm = (s: string) => s.replace(/\s/g, ' ');
const pkgs = [
  { id: 's', name: 'Starter', credits: 50, price_cents: 990, currency: 'EUR' },
  { id: 'st', name: 'Standard', credits: 120, price_cents: 1990, currency: 'EUR' },
  { id: 'p', name: 'Pro', credits: 300, price_cents: 4490, currency: 'EUR' },
];

describe('package value', () => {
  it('formats euros and the price per credito', () => {
    expect(norm(formatCents(1990))).toBe('19,90 €');
    expect(norm(pricePerCredit(pkgs[0]!))).toBe('0,20 €');
    expect(norm(pricePerCredit(pkgs[2]!))).toBe('0,15 €');
  });
  it('marks the lowest price per credito, not the cheapest package', () => {
    expect(bestValueId(pkgs)).toBe('p');
    expect(bestValueId([pkgs[0]!])).toBeNull();
    expect(bestValueId([])).toBeNull();
  });
});

describe('ledger', () => {
  it('labels every type of the ledger, staff adjustments included', () => {
    const labels = t.money.wallet.types;
    for (const type of ['purchase', 'listing_creation', 'premium_upgrade', 'coupon_credit_add', 'referral_bonus', 'admin_adjustment'])
      expect(transactionLabel(type, labels)).not.toBe(type);
    expect(transactionLabel('purchase', labels)).toBe('Acquisto');
    // Issue 27: the expiry job's automatic renewals and a cancelled scheduled promotion's refund.
    expect(transactionLabel('auto_renewal', labels)).toBe('Rinnovo automatico');
    expect(transactionLabel('promotion_refund', labels)).toBe('Rimborso Promozione');
    // Issue 26: a listing refused in review gives its publication back.
    expect(transactionLabel('listing_refund', labels)).toBe('Rimborso Pubblicazione');
    expect(transactionLabel('other', labels)).toBe('other');
  });
  it('signs amounts with a plus for credits', () => {
    expect(signedAmount(120)).toBe('+120');
    expect(signedAmount(-10)).toBe('-10');
  });
});

describe('purchaseOutcome', () => {
  const go = { declinedReturn: false, timedOut: false };
  it('follows the order status', () => {
    expect(purchaseOutcome(undefined, go)).toBe('waiting');
    expect(purchaseOutcome('pending', go)).toBe('waiting');
    expect(purchaseOutcome('pending', { ...go, timedOut: true })).toBe('timeout');
    expect(purchaseOutcome('completed', { declinedReturn: true, timedOut: true })).toBe('completed');
    expect(purchaseOutcome('failed', go)).toBe('declined');
    expect(purchaseOutcome('failed', { ...go, declinedReturn: true })).toBe('declined');
    expect(purchaseOutcome('expired', go)).toBe('expired');
    expect(purchaseOutcome('refunded', go)).toBe('refunded');
    expect(purchaseOutcome(null, go)).toBe('missing');
  });
  it("back from the provider's error page, a pending order is unpaid and waiting, never 'rifiutato'", () => {
    const back = { declinedReturn: true, timedOut: false };
    expect(purchaseOutcome('pending', back)).toBe('unpaid');
    expect(purchaseOutcome('pending', { ...back, timedOut: true })).toBe('unpaid');
    const text = t.money.result.unpaid('26/11/2026, 14:35');
    expect(text).toContain(t.money.wallet.payments.status.pending!.toLowerCase());
    expect(text).not.toMatch(/rifiutat|pagato/i);
  });
  it('stops polling on a final status', () => {
    expect(isFinal('pending')).toBe(false);
    expect(isFinal(undefined)).toBe(false);
    for (const s of ['completed', 'failed', 'expired', null]) expect(isFinal(s)).toBe(true);
  });
});

describe('payment status', () => {
  it('labels every status in Italian and colours waiting apart from settled', () => {
    const labels = t.money.wallet.payments.status;
    for (const s of ['pending', 'completed', 'failed', 'expired', 'refunded']) expect(transactionLabel(s, labels)).not.toBe(s);
    expect(paymentStatusColor('completed')).toBe('teal');
    expect(paymentStatusColor('pending')).toBe('yellow');
    expect(paymentStatusColor('failed')).toBe('red');
    expect(paymentStatusColor('expired')).toBe('gray');
  });
  it("nothing unpaid reads 'Pagato': the state and the coupon note of every order not completed", () => {
    const w = t.money.wallet.payments;
    expect(w.columns).not.toHaveProperty('paid');
    for (const s of ['pending', 'failed', 'expired']) {
      expect(transactionLabel(s, w.status)).not.toMatch(/pagat/i);
      expect(couponNote(s, 'PRIMAVERA15', w.coupon)).not.toMatch(/pagat|usato per/i);
    }
    expect(transactionLabel('completed', w.status)).toBe('Pagato');
  });
  it('says which order used or holds the coupon', () => {
    const notes = t.money.wallet.payments.coupon;
    expect(couponNote('pending', 'PRIMAVERA15', notes)).toBe('Coupon PRIMAVERA15 riservato a questo ordine');
    expect(couponNote('completed', 'PRIMAVERA15', notes)).toBe('Coupon PRIMAVERA15 usato per questo ordine');
    expect(couponNote('expired', 'PRIMAVERA15', notes)).toMatch(/^Coupon PRIMAVERA15 non usato/);
    expect(couponNote('completed', null, notes)).toBeNull();
  });
});
