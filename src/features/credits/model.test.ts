import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { bestValueId, formatCents, isFinal, paymentStatusColor, pricePerCredit, purchaseOutcome, signedAmount, transactionLabel } from './model.ts';

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
    expect(purchaseOutcome('failed', go)).toBe('failed');
    expect(purchaseOutcome('failed', { ...go, declinedReturn: true })).toBe('declined');
    expect(purchaseOutcome('pending', { ...go, declinedReturn: true })).toBe('declined');
    expect(purchaseOutcome('expired', go)).toBe('expired');
    expect(purchaseOutcome(null, go)).toBe('missing');
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
});
