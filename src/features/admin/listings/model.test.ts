import { describe, expect, it } from 'vitest';
import { LISTING_STATE_FILTERS, listingStateOf } from './model.ts';

const now = Date.parse('2026-11-26T12:00:00Z');
const ahead = '2026-12-20T12:00:00Z';
const past = '2026-11-20T12:00:00Z';

describe('listingStateOf', () => {
  it('an approved listing: paused, else expired or live by its expiry', () => {
    expect(listingStateOf({ is_paused: false, expires_at: ahead, review_status: 'approved' }, now)).toBe('live');
    expect(listingStateOf({ is_paused: true, expires_at: ahead, review_status: 'approved' }, now)).toBe('paused');
    expect(listingStateOf({ is_paused: false, expires_at: past, review_status: 'approved' }, now)).toBe('expired');
    expect(listingStateOf({ is_paused: false, expires_at: '2026-11-26T12:00:00Z' }, now)).toBe('expired');
  });
  it("waiting or refused wins over everything else: never 'Attivi' (issue 40)", () => {
    expect(listingStateOf({ is_paused: false, expires_at: ahead, review_status: 'pending' }, now)).toBe('pending');
    expect(listingStateOf({ is_paused: true, expires_at: past, review_status: 'pending' }, now)).toBe('pending');
    expect(listingStateOf({ is_paused: false, expires_at: ahead, review_status: 'rejected' }, now)).toBe('rejected');
  });
  it("offers 'In revisione' and 'Rifiutato' among the filters", () => {
    expect(LISTING_STATE_FILTERS).toEqual(['all', 'live', 'pending', 'rejected', 'paused', 'expired']);
  });
});
