import { lazy, Suspense, useState } from 'react';
import { Button, Switch } from '@mantine/core';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { review } from '@/lib/catalogue/review.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { editListingPath, promoteListingPath, statsPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { formatListingDate, timeLeftUntil, type Listing } from '../model.ts';
import { cardActions, cardPermissions, ownerLifecycle, type CardContext } from './ownerActions.ts';
import { OwnerDeleteDialog } from './OwnerDeleteDialog.tsx';
import { OwnerPhotoManager } from './OwnerPhotoManager.tsx';
import { OwnerPromotionDialog } from './OwnerPromotionDialog.tsx';
import { OwnerRenewDialog } from './OwnerRenewDialog.tsx';
import { ReviewNotice } from './ReviewNotice.tsx';
import type { ReviewFields } from '../review.ts';
import { useOwnerTools, usePauseResumeListing } from '../queries.ts';
import { offersVerification } from './verification.ts';
import classes from './OwnerCardActions.module.css';

// The verification dialog (issue 26) downloads only when an owner opens it.
const VerifyPhotosDialog = lazy(() => import('./VerifyPhotosDialog.tsx'));

const m = t.myListings;

type Dialog = 'promotion' | 'delete' | 'renew' | 'photos' | 'verify' | null;

/**
 * The listing card's footer for its owner (or staff): the actions `context` allows in the
 * listing's state, and their dialogs. Lives outside ListingCard so visitors never load it.
 */
export function OwnerCardActions({
  listing,
  context,
  viewerId,
  now,
  onDelete,
}: {
  listing: Listing & ReviewFields & { user_id: string };
  context: CardContext;
  viewerId: string;
  now?: Date;
  /** Replaces the owner's delete dialog (staff remove with a reason the owner is told). */
  onDelete?: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const actions = cardActions(cardPermissions(context), listing, now);
  const expired = ownerLifecycle(listing, now) === 'expired';
  const pauseResume = usePauseResumeListing();
  const toggle = (pause: boolean) =>
    pauseResume.mutate(
      { id: listing.id, pause },
      {
        onSuccess: () => toastSuccess(pause ? m.pauseResume.paused : m.pauseResume.resumed),
        onError: (err) => toastError(failureMessage(err, m.pauseResume.failed)),
      },
    );
  const promo = actions.promotion;
  const a = m.actions;
  // Issue 40: the controls a review keeps off point at one visible sentence saying why.
  const blockedId = `review-block-${listing.id}`;
  const why = actions.blocked ? blockedId : undefined;
  const tools = useOwnerTools();
  const switchAvailable = (on: boolean) =>
    tools.available.mutate(
      { id: listing.id, on },
      {
        onSuccess: (until) =>
          toastSuccess(on && until ? m.tools.availableOnDone(timeLeftUntil(until)) : m.tools.availableOffDone),
        onError: (err) => toastError(failureMessage(err, m.tools.failed)),
      },
    );
  const switchAutoRenew = (on: boolean) =>
    tools.autoRenew.mutate(
      { id: listing.id, on },
      {
        onSuccess: () => toastSuccess(on ? m.tools.autoRenewOnDone : m.tools.autoRenewOffDone),
        onError: (err) => toastError(failureMessage(err, m.tools.failed)),
      },
    );

  return (
    <div className={classes.footer}>
      <ReviewNotice listing={listing} />
      {expired && listing.expires_at && <p className={classes.expired}>{m.expired.notice(formatListingDate(listing.expires_at))}</p>}
      <div className={classes.buttons} role="group" aria-label={a.label(listing.title)}>
        {actions.renew && (
          <Button size="compact-sm" disabled={actions.renewDisabled} aria-describedby={actions.renewDisabled ? why : undefined} onClick={() => setDialog('renew')}>
            {a.renew}
          </Button>
        )}
        {actions.edit && (
          <Button size="compact-sm" variant="light" component={Link} to={editListingPath(listing.id)}>
            {a.edit}
          </Button>
        )}
        {context === 'myListings' && (
          <Button size="compact-sm" variant="light" color="teal" component={Link} to={statsPath(listing.id)} aria-label={t.stats.actionLabel(listing.title)}>
            {t.stats.action}
          </Button>
        )}
        {actions.managePhotos && (
          <Button size="compact-sm" variant="light" onClick={() => setDialog('photos')}>
            {a.managePhotos}
          </Button>
        )}
        {offersVerification(context, listing, now) && (
          <Button size="compact-sm" variant="light" color="teal" onClick={() => setDialog('verify')} aria-label={t.verification.owner.actionLabel(listing.title)}>
            {t.verification.owner.action}
          </Button>
        )}
        {actions.pauseResume && (
          <Button
            size="compact-sm"
            variant="light"
            color="gray"
            loading={pauseResume.isPending}
            disabled={actions.pauseDisabled}
            aria-describedby={actions.pauseDisabled ? why : undefined}
            onClick={() => toggle(actions.pauseResume === 'pause')}
          >
            {actions.pauseResume === 'pause' ? a.pause : a.resume}
          </Button>
        )}
        {promo?.kind === 'promote' && (
          <Button size="compact-sm" variant="light" color="grape" component={Link} to={promoteListingPath(listing.id)}>
            {a.promote}
          </Button>
        )}
        {promo?.kind === 'info' && (
          <Button size="compact-sm" variant="filled" color={promo.state === 'active' ? 'red' : 'yellow'} onClick={() => setDialog('promotion')}>
            {promo.state === 'active' ? m.promotion.activeButton : m.promotion.pendingButton}
          </Button>
        )}
        {promo?.kind === 'disabledPaused' && (
          <Button size="compact-sm" variant="light" color="grape" disabled aria-describedby={`paused-note-${listing.id}`}>
            {a.promote}
          </Button>
        )}
        {promo?.kind === 'disabledReview' && (
          <Button size="compact-sm" variant="light" color="grape" disabled aria-describedby={why}>
            {a.promote}
          </Button>
        )}
        {actions.availableNow && (
          <Button
            size="compact-sm"
            variant={actions.availableNow === 'on' ? 'light' : 'default'}
            color="green"
            loading={tools.available.isPending}
            disabled={actions.availableNowDisabled}
            aria-describedby={actions.availableNowDisabled ? why : undefined}
            onClick={() => switchAvailable(actions.availableNow === 'on')}
            title={actions.availableNowDisabled ? undefined : m.tools.availableHint}
          >
            {actions.availableNow === 'on' ? m.tools.availableOn : m.tools.availableOff}
          </Button>
        )}
        {actions.delete && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => (onDelete ? onDelete() : setDialog('delete'))}>
            {a.delete}
          </Button>
        )}
      </div>
      {actions.autoRenew && (
        <Switch
          mt={6}
          size="sm"
          label={m.tools.autoRenew}
          checked={actions.autoRenew.on}
          disabled={tools.autoRenew.isPending || actions.autoRenew.disabled}
          aria-describedby={actions.autoRenew.disabled ? why : undefined}
          onChange={(e) => switchAutoRenew(e.currentTarget.checked)}
        />
      )}
      {actions.blocked && (
        <p className={classes.note} id={blockedId} data-testid="review-block">
          {review.owner.blocked[actions.blocked]}
        </p>
      )}
      {promo?.kind === 'disabledPaused' && (
        <p className={classes.note} id={`paused-note-${listing.id}`}>
          {m.promotion.pausedNote}
        </p>
      )}
      {promo?.kind === 'info' && <OwnerPromotionDialog listing={listing} state={promo.state} opened={dialog === 'promotion'} onClose={close} />}
      {actions.delete && !onDelete && <OwnerDeleteDialog listing={listing} opened={dialog === 'delete'} onClose={close} />}
      {actions.renew && <OwnerRenewDialog listingId={listing.id} userId={viewerId} opened={dialog === 'renew'} onClose={close} />}
      {actions.managePhotos && dialog === 'photos' && <OwnerPhotoManager listingId={listing.id} verifiedAt={listing.photos_verified_at} onClose={close} />}
      {dialog === 'verify' && (
        <Suspense fallback={null}>
          <VerifyPhotosDialog listingId={listing.id} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
