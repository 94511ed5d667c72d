/**
 * The owner's side of the review before publication (issue 26): what the card's footer says
 * while a listing waits for staff or after they refused it. Its own module (not model.ts) so
 * the public card's first-route code never carries it.
 */
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
