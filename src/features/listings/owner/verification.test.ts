import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { codeIsValid, GESTURES, gestureLabel, offersVerification, photoChangeNeedsWarning, validUntilTime } from './verification.ts';
import { verifiedBadge } from '../model.ts';

const photo = { id: 'p', url: 'https://x/p.jpg', is_primary: true, created_at: '2026-11-01T10:00:00Z' };
const now = new Date('2026-11-26T10:00:00Z');
const live = { photos: [photo], photos_verified_at: null, expires_at: '2026-12-20T10:00:00Z' };

describe('offersVerification', () => {
  it('is the owner’s action on a live listing with photos that is not verified', () => {
    expect(offersVerification('myListings', live, now)).toBe(true);
    expect(offersVerification('owner', live, now)).toBe(true);
  });
  it('is never staff’s, nor for a listing without photos, already verified or expired', () => {
    expect(offersVerification('admin', live, now)).toBe(false);
    expect(offersVerification('owner', { ...live, photos: [] }, now)).toBe(false);
    expect(offersVerification('owner', { ...live, photos_verified_at: '2026-11-20T10:00:00Z' }, now)).toBe(false);
    expect(offersVerification('owner', { ...live, expires_at: '2026-11-26T09:59:59Z' }, now)).toBe(false);
  });
});

describe('verifiedBadge', () => {
  it('names the month and year of the approval in Italy', () => {
    expect(verifiedBadge({ photos_verified_at: '2026-11-26T10:00:00Z' })).toBe('Foto verificate a novembre 2026');
    // 23:30 UTC on 31 October is already 1 November in Rome (CET, +1).
    expect(verifiedBadge({ photos_verified_at: '2026-10-31T23:30:00Z' })).toBe('Foto verificate a novembre 2026');
    expect(verifiedBadge({ photos_verified_at: '2026-12-31T23:30:00Z' })).toBe('Foto verificate a gennaio 2027');
  });
  it('is absent when the photos are not verified', () => {
    expect(verifiedBadge({ photos_verified_at: null })).toBeNull();
    expect(verifiedBadge({})).toBeNull();
  });
});

describe('the dialog', () => {
  it('describes every gesture the database picks', () => {
    for (const g of GESTURES) expect(gestureLabel(g, t.verification.gestures)).not.toBe(g);
    expect(gestureLabel('sconosciuto', t.verification.gestures)).toBe('sconosciuto');
  });
  it('says until when the code is valid, in Italian time', () => {
    expect(validUntilTime('2026-11-26T10:35:00Z')).toBe('11:35');
    expect(validUntilTime('2026-07-01T08:05:00Z')).toBe('10:05');
    expect(codeIsValid('2026-11-26T10:00:01Z', now)).toBe(true);
    expect(codeIsValid('2026-11-26T10:00:00Z', now)).toBe(false);
  });
  it('warns before a photo change only when the photos are verified', () => {
    expect(photoChangeNeedsWarning('2026-11-20T10:00:00Z')).toBe(true);
    expect(photoChangeNeedsWarning(null)).toBe(false);
  });
});
