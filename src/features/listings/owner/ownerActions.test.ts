import { describe, expect, it } from 'vitest';
import { cardActions, cardPermissions, ownerLifecycle, reviewBlock } from './ownerActions.ts';

const now = new Date('2026-11-23T12:00:00Z');
const at = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const live = { is_paused: false, expires_at: at(24 * 10), is_premium: false, promotion_start_at: null, promotion_end_at: null };
const hot = { ...live, is_premium: true, promotion_start_at: at(-2), promotion_end_at: at(48) };
const pending = { ...live, is_premium: true, promotion_start_at: at(5), promotion_end_at: at(48) };
const paused = { ...hot, is_paused: true, expires_at: at(-24) };
const expired = { ...live, expires_at: at(-1) };

describe('cardPermissions', () => {
  it('I tuoi annunci: everything but photo management', () => {
    expect(cardPermissions('myListings')).toEqual({ edit: true, managePhotos: false, pauseResume: true, promote: true, renew: true, delete: true, ownerTools: true });
  });
  it('the owner elsewhere also manages photos', () => {
    expect(cardPermissions('owner').managePhotos).toBe(true);
    expect(cardPermissions('owner').promote).toBe(true);
  });
  it('staff never promote, extend or renew, and manage photos', () => {
    expect(cardPermissions('admin')).toEqual({ edit: true, managePhotos: true, pauseResume: true, promote: false, renew: false, delete: true, ownerTools: false });
  });
});

describe('ownerLifecycle', () => {
  it('paused wins over an expiry in the past (the clock is frozen)', () => {
    expect(ownerLifecycle(paused, now)).toBe('paused');
    expect(ownerLifecycle(expired, now)).toBe('expired');
    expect(ownerLifecycle(live, now)).toBe('live');
    expect(ownerLifecycle({ is_paused: false, expires_at: now.toISOString() }, now)).toBe('expired');
  });
});

describe('cardActions', () => {
  const mine = cardPermissions('myListings');
  it('a live base listing: pause and Promuovi, no renew', () => {
    expect(cardActions(mine, live, now)).toEqual({
      edit: true, managePhotos: false, pauseResume: 'pause', pauseDisabled: false, promotion: { kind: 'promote' }, renew: false, renewDisabled: false, delete: true,
      availableNow: 'on', availableNowDisabled: false, autoRenew: { on: false, disabled: false }, blocked: null,
    });
  });
  it('an active or pending promotion opens the info dialog', () => {
    expect(cardActions(mine, hot, now).promotion).toEqual({ kind: 'info', state: 'active' });
    expect(cardActions(mine, pending, now).promotion).toEqual({ kind: 'info', state: 'pending' });
  });
  it('a promotion that has ended offers Promuovi again', () => {
    expect(cardActions(mine, { ...hot, promotion_end_at: at(-1) }, now).promotion).toEqual({ kind: 'promote' });
  });
  it('a paused listing: resume, the promotion button disabled', () => {
    const a = cardActions(mine, paused, now);
    expect(a.pauseResume).toBe('resume');
    expect(a.promotion).toEqual({ kind: 'disabledPaused' });
    expect(a.renew).toBe(false);
  });
  it('an expired listing: renew, no pause and no promotion', () => {
    const a = cardActions(mine, expired, now);
    expect(a).toMatchObject({ pauseResume: null, promotion: null, renew: true, edit: true, delete: true });
  });
  it('staff: no promotion control and no renew, whatever the state', () => {
    const admin = cardPermissions('admin');
    expect(cardActions(admin, hot, now).promotion).toBeNull();
    expect(cardActions(admin, paused, now)).toMatchObject({ promotion: null, pauseResume: 'resume', managePhotos: true });
    expect(cardActions(admin, expired, now).renew).toBe(false);
  });
});

describe("'Disponibile ora' and 'Rinnovo automatico' (issue 27)", () => {
  const mine = cardPermissions('myListings');
  it("offers 'Disponibile ora' on a live listing: 'off' while its end is ahead, 'on' again once it has passed", () => {
    expect(cardActions(mine, { ...live, available_until: at(1) }, now).availableNow).toBe('off');
    expect(cardActions(mine, { ...live, available_until: at(-0.01) }, now).availableNow).toBe('on');
    expect(cardActions(mine, { ...paused, available_until: at(1) }, now).availableNow).toBeNull();
    expect(cardActions(mine, expired, now).availableNow).toBeNull();
    // In review (or refused) the listing is not public: 'Disponibile ora' is shown off (issue 40).
    expect(cardActions(mine, { ...live, review_status: 'pending' }, now)).toMatchObject({ availableNow: 'on', availableNowDisabled: true });
    expect(cardActions(mine, { ...live, review_status: 'rejected' }, now)).toMatchObject({ availableNow: 'on', availableNowDisabled: true });
    expect(cardActions(mine, { ...live, review_status: 'approved' }, now)).toMatchObject({ availableNow: 'on', availableNowDisabled: false });
  });
  it("shows 'Rinnovo automatico' with its state, not on an expired listing, never to staff", () => {
    expect(cardActions(mine, { ...live, auto_renew: true }, now).autoRenew).toEqual({ on: true, disabled: false });
    expect(cardActions(mine, { ...paused, auto_renew: true }, now).autoRenew).toEqual({ on: true, disabled: false });
    expect(cardActions(mine, { ...expired, auto_renew: true }, now).autoRenew).toBeNull();
    const staff = cardActions(cardPermissions('admin'), { ...live, available_until: at(1), auto_renew: true }, now);
    expect([staff.availableNow, staff.autoRenew]).toEqual([null, null]);
  });
});

describe('a listing in review or refused (issue 40)', () => {
  const mine = cardPermissions('myListings');
  it('reviewBlock: pending and rejected block, approved (or unknown) does not', () => {
    expect(reviewBlock({ review_status: 'pending' })).toBe('pending');
    expect(reviewBlock({ review_status: 'rejected' })).toBe('rejected');
    expect(reviewBlock({ review_status: 'approved' })).toBeNull();
    expect(reviewBlock({})).toBeNull();
  });
  it.each(['pending', 'rejected'] as const)('%s: Promuovi, Pausa, Disponibile ora and switching on Rinnovo automatico are off, with why', (status) => {
    const a = cardActions(mine, { ...live, review_status: status }, now);
    expect(a).toMatchObject({
      promotion: { kind: 'disabledReview' },
      pauseResume: 'pause',
      pauseDisabled: true,
      availableNow: 'on',
      availableNowDisabled: true,
      autoRenew: { on: false, disabled: true },
      blocked: status,
      edit: true,
      delete: true,
    });
  });
  it('the review wins over an active promotion and over the pause', () => {
    expect(cardActions(mine, { ...hot, review_status: 'pending' }, now).promotion).toEqual({ kind: 'disabledReview' });
    expect(cardActions(mine, { ...paused, expires_at: at(24), review_status: 'pending' }, now).promotion).toEqual({ kind: 'disabledReview' });
  });
  it('what only turns something off stays possible: resume, Non più disponibile, Rinnovo automatico off', () => {
    const resumed = cardActions(mine, { ...paused, expires_at: at(24), review_status: 'pending' }, now);
    expect(resumed).toMatchObject({ pauseResume: 'resume', pauseDisabled: false });
    const on = cardActions(mine, { ...live, review_status: 'pending', available_until: at(1), auto_renew: true }, now);
    expect(on).toMatchObject({ availableNow: 'off', availableNowDisabled: false, autoRenew: { on: true, disabled: false }, promotion: { kind: 'disabledReview' }, pauseDisabled: true, blocked: 'pending' });
  });
  it('expired: a refused listing cannot be renewed (with why), a waiting one can (its clock runs)', () => {
    expect(cardActions(mine, { ...expired, review_status: 'rejected' }, now)).toMatchObject({
      renew: true, renewDisabled: true, promotion: null, pauseResume: null, availableNow: null, autoRenew: null, blocked: 'rejected',
    });
    expect(cardActions(mine, { ...expired, review_status: 'pending' }, now)).toMatchObject({ renew: true, renewDisabled: false, blocked: null });
  });
  it('staff keep their pause on a listing in review', () => {
    expect(cardActions(cardPermissions('admin'), { ...live, review_status: 'pending' }, now)).toMatchObject({ pauseResume: 'pause', pauseDisabled: false, blocked: null });
  });
});
