import { CardBadge } from '../card/CardBadge.tsx';
import { reviewNotice, type ReviewFields } from '../review.ts';
import classes from './OwnerCardActions.module.css';

/** The owner's 'In revisione' (with the time submitted) or 'Non approvato' at the top of the card's footer. */
export function ReviewNotice({ listing }: { listing: ReviewFields }) {
  const notice = reviewNotice(listing);
  if (!notice) return null;
  return (
    <p className={classes.note} data-testid="review-notice" data-review={notice.kind}>
      <CardBadge color={notice.kind === 'pending' ? 'yellow' : 'red'} variant="filled" data-testid="badge-review">
        {notice.badge}
      </CardBadge>{' '}
      {notice.text}
    </p>
  );
}
