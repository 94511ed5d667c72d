import { describe, expect, it } from 'vitest';
import { reviewNotice } from './review.ts';

describe('reviewNotice', () => {
  it("says 'In revisione' with the time submitted in Italy", () => {
    expect(reviewNotice({ review_status: 'pending', review_submitted_at: '2026-11-26T09:05:00Z' })).toEqual({
      kind: 'pending',
      badge: 'In revisione',
      text: 'Inviato il 26 novembre, 10:05: lo staff lo controlla prima che sia pubblico.',
    });
  });

  it('falls back to the creation time, says where a refusal is explained, and nothing for an approved listing', () => {
    expect(reviewNotice({ review_status: 'pending', review_submitted_at: null, created_at: '2026-07-01T20:30:00Z' })?.text).toContain('1 luglio, 22:30');
    expect(reviewNotice({ review_status: 'rejected' })).toMatchObject({ kind: 'rejected', badge: 'Non approvato' });
    expect(reviewNotice({ review_status: 'approved' })).toBeNull();
    expect(reviewNotice({})).toBeNull();
  });
});
