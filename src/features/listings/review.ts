/**
 * The owner's side of the review before publication (issue 26): what the card's footer says
 * while a listing waits for staff or after they refused it. Its own module (not model.ts) so
 * the public card's first-route code never carries it.
 */
import type { UploadReview } from '@/features/photos/index.ts';
import { review } from '@/lib/catalogue/review.ts';
import { formatItalianDayTime } from '@/lib/romeDate.ts';

export interface ReviewFields {
  review_status?: string | null;
  review_submitted_at?: string | null;
  created_at?: string | null;
}

export type ReviewNoticeModel = { kind: 'pending'; badge: string; text: string } | { kind: 'rejected'; badge: string; text: string };

/** 'In revisione' with the time it was submitted, 'Non approvato' with where the reason is; null when public-ready. */
export function reviewNotice(l: ReviewFields): ReviewNoticeModel | null {
  if (l.review_status === 'pending') {
    const since = l.review_submitted_at ?? l.created_at;
    return { kind: 'pending', badge: review.owner.badge, text: since ? review.owner.since(formatItalianDayTime(new Date(since))) : review.owner.badge };
  }
  if (l.review_status === 'rejected') return { kind: 'rejected', badge: review.owner.rejected, text: review.owner.rejectedHint };
  return null;
}

/** What a save or an upload left the listing as, for the owner (issue 40); 'ok' when it is not waiting for staff. */
export type SaveReview = UploadReview;

/** After a save: 'duplicate' when a photo matched another account's, 'held' when the listing waits for staff, else 'ok'. */
export function savedReview(status: string | null | undefined, uploads: UploadReview): SaveReview {
  if (uploads === 'duplicate') return 'duplicate';
  return uploads === 'held' || status === 'pending' ? 'held' : 'ok';
}

export interface SavedToast {
  tone: 'success' | 'notice';
  title?: string;
  message: string;
}

/** The toast after a save: `done` ('Annuncio pubblicato con successo!'…) only when nothing waits for staff. */
export function savedToast(outcome: SaveReview, done: string): SavedToast {
  if (outcome === 'ok') return { tone: 'success', message: done };
  if (outcome === 'duplicate') return { tone: 'notice', title: review.owner.sentForReview, message: review.owner.duplicatePhoto };
  return { tone: 'notice', message: review.owner.sentForReview };
}
