/**
 * Which actions a listing card offers, by where it is shown and what state the listing is
 * in. Pure: the card's owner footer renders what this returns, and the tests pin it down.
 */
import type { ReviewFields } from '../review.ts';
import { availableNow, promotionState, type Listing, type PromotionState } from '../shape.ts';

/** Where a card with actions is shown: the owner's 'I tuoi annunci', the owner elsewhere, staff on a user's listings. */
export type CardContext = 'myListings' | 'owner' | 'admin';

/** What the context allows, before the listing's state is looked at. */
export interface CardPermissions {
  edit: boolean;
  managePhotos: boolean;
  pauseResume: boolean;
  /** 'Promuovi', the promotion info dialog and its 'Estendi' */
  promote: boolean;
  /** renew_listing spends the owner's credits: only the owner renews */
  renew: boolean;
  delete: boolean;
  /** 'Disponibile ora' and 'Rinnovo automatico' are the owner's own (issue 27) */
  ownerTools: boolean;
}

/** Photo management is off on 'I tuoi annunci' and on elsewhere; staff never promote, extend or renew. */
export function cardPermissions(context: CardContext): CardPermissions {
  switch (context) {
    case 'myListings':
      return { edit: true, managePhotos: false, pauseResume: true, promote: true, renew: true, delete: true, ownerTools: true };
    case 'owner':
      return { edit: true, managePhotos: true, pauseResume: true, promote: true, renew: true, delete: true, ownerTools: true };
    case 'admin':
      return { edit: true, managePhotos: true, pauseResume: true, promote: false, renew: false, delete: true, ownerTools: false };
  }
}

/** The lifecycle the owner sees: paused wins (its clock is frozen), then expired, else live. */
export type OwnerLifecycle = 'live' | 'paused' | 'expired';

type StateFields = Pick<Listing, 'is_paused' | 'expires_at' | 'is_premium' | 'promotion_start_at' | 'promotion_end_at' | 'available_until' | 'auto_renew'> &
  Pick<ReviewFields, 'review_status'>;

export function ownerLifecycle(l: Pick<Listing, 'is_paused' | 'expires_at'>, now: Date = new Date()): OwnerLifecycle {
  if (l.is_paused) return 'paused';
  if (l.expires_at && Date.parse(l.expires_at) <= now.getTime()) return 'expired';
  return 'live';
}

/**
 * The promotion control: 'promote' (to the promotion screen), 'info' (the promotion info
 * dialog of an active or pending promotion), 'disabledPaused' or 'disabledReview' (the
 * button is off and says why), or none.
 */
export type PromotionControl =
  | { kind: 'promote' }
  | { kind: 'info'; state: Exclude<PromotionState, 'base'> }
  | { kind: 'disabledPaused' }
  | { kind: 'disabledReview' }
  | null;

/**
 * Issue 40: a listing waiting for staff ('pending') or refused ('rejected') cannot be promoted,
 * set to renew itself, made 'Disponibile ora' or paused; null when staff approved it.
 */
export type ReviewBlock = 'pending' | 'rejected' | null;

export function reviewBlock(l: Pick<ReviewFields, 'review_status'>): ReviewBlock {
  return l.review_status === 'pending' || l.review_status === 'rejected' ? l.review_status : null;
}

export interface CardActions {
  edit: boolean;
  managePhotos: boolean;
  /** pause a live listing, resume a paused one; an expired one can do neither (the server refuses) */
  pauseResume: 'pause' | 'resume' | null;
  /** the owner's 'Pausa' shown but off: the listing is in review or refused (`blocked` says which) */
  pauseDisabled: boolean;
  promotion: PromotionControl;
  renew: boolean;
  /** 'Rinnova' shown but off: a refused listing is not renewed (a waiting one may be: its clock runs) */
  renewDisabled: boolean;
  delete: boolean;
  /** 'Disponibile ora': switch it 'on' or 'off' (a live listing), or not offered */
  availableNow: 'on' | 'off' | null;
  /** 'Disponibile ora' shown but off: in review or refused (switching it off stays possible) */
  availableNowDisabled: boolean;
  /** 'Rinnovo automatico', whether it is on and whether it is off (in review or refused, switching on); null when not offered (expired: renew by hand first) */
  autoRenew: { on: boolean; disabled: boolean } | null;
  /** why the disabled controls are off, to show beside them; null when nothing is blocked */
  blocked: ReviewBlock;
}

/** The actions to show for one listing in one context. */
export function cardActions(permissions: CardPermissions, l: StateFields, now: Date = new Date()): CardActions {
  const life = ownerLifecycle(l, now);
  const promo = promotionState(l, now);
  // Only the owner's own tools are blocked: staff keep their pause (and never promote).
  const block = permissions.ownerTools ? reviewBlock(l) : null;
  let promotion: PromotionControl = null;
  if (permissions.promote && life !== 'expired') {
    if (block) promotion = { kind: 'disabledReview' };
    else if (life === 'paused') promotion = { kind: 'disabledPaused' };
    else if (promo === 'base') promotion = { kind: 'promote' };
    else promotion = { kind: 'info', state: promo };
  }
  const pauseResume = !permissions.pauseResume || life === 'expired' ? null : life === 'paused' ? 'resume' : 'pause';
  const available = permissions.ownerTools && life === 'live' ? (availableNow(l, now) ? 'off' : 'on') : null;
  const autoRenew = permissions.ownerTools && life !== 'expired' ? { on: !!l.auto_renew, disabled: !!block && !l.auto_renew } : null;
  const pauseDisabled = !!block && pauseResume === 'pause';
  const availableNowDisabled = !!block && available === 'on';
  const renew = permissions.renew && life === 'expired';
  const renewDisabled = renew && block === 'rejected';
  const shown = pauseDisabled || availableNowDisabled || renewDisabled || !!autoRenew?.disabled || promotion?.kind === 'disabledReview';
  return {
    edit: permissions.edit,
    managePhotos: permissions.managePhotos,
    pauseResume,
    pauseDisabled,
    promotion,
    renew,
    renewDisabled,
    delete: permissions.delete,
    availableNow: available,
    availableNowDisabled,
    autoRenew,
    blocked: shown ? block : null,
  };
}
