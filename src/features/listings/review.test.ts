import { describe, expect, it } from 'vitest';
import { reviewNotice, savedReview, savedToast } from './review.ts';

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

describe('after a save (issue 40)', () => {
  it('savedReview: a duplicate photo wins, then a listing waiting for staff, else ok', () => {
    expect(savedReview('pending', 'duplicate')).toBe('duplicate');
    expect(savedReview(null, 'duplicate')).toBe('duplicate');
    expect(savedReview('pending', 'ok')).toBe('held');
    expect(savedReview('approved', 'held')).toBe('held');
    expect(savedReview('approved', 'ok')).toBe('ok');
    expect(savedReview('rejected', 'ok')).toBe('ok');
    expect(savedReview(null, 'ok')).toBe('ok');
  });
  it("savedToast: the success text only when nothing waits; 'Annuncio inviato per la revisione', and why for a copied photo", () => {
    expect(savedToast('ok', 'Annuncio pubblicato con successo!')).toEqual({ tone: 'success', message: 'Annuncio pubblicato con successo!' });
    expect(savedToast('held', 'Annuncio pubblicato con successo!')).toEqual({ tone: 'notice', message: 'Annuncio inviato per la revisione' });
    expect(savedToast('duplicate', 'Foto caricate con successo!')).toEqual({
      tone: 'notice',
      title: 'Annuncio inviato per la revisione',
      message: "Una delle foto è già usata da un altro account: lo staff la controlla prima che l'annuncio torni visibile.",
    });
  });
});
