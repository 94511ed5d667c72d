/**
 * 'Foto verificate' for the owner (issue 26): when the card offers 'Verifica le foto', what the
 * dialog shows (gesture, validity), and whether a photo change must warn first. Pure.
 */
import { romeClock } from '@/lib/romeDate.ts';
import type { CardContext } from './ownerActions.ts';
import type { Listing } from '../shape.ts';

/** The gestures the database picks from (photo_verifications.gesture). */
export const GESTURES = ['pollice-su', 'vittoria', 'mano-aperta', 'indice-alzato', 'ok'] as const;

/**
 * 'Verifica le foto': the owner's own action (never staff's), on a listing with photos that is
 * not verified yet and not expired (the badge could not be seen).
 */
export function offersVerification(
  context: CardContext,
  l: Pick<Listing, 'photos' | 'photos_verified_at' | 'expires_at'>,
  now: Date = new Date(),
): boolean {
  if (context === 'admin' || l.photos_verified_at || l.photos.length === 0) return false;
  return !l.expires_at || Date.parse(l.expires_at) > now.getTime();
}

/** The gesture's Italian description, or its code when the catalogue does not know it. */
export function gestureLabel(gesture: string, labels: Record<string, string>): string {
  return labels[gesture] ?? gesture;
}

/** '10:35': when the code stops being valid, in Italy. */
export function validUntilTime(expiresAt: string): string {
  const { hour, minute } = romeClock(new Date(expiresAt));
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Whether the code is still valid at `now`. */
export function codeIsValid(expiresAt: string, now: Date = new Date()): boolean {
  return Date.parse(expiresAt) > now.getTime();
}

/** A photo change (add, re-crop) on a verified listing removes the badge: the manager asks first. */
export const photoChangeNeedsWarning = (photosVerifiedAt: string | null | undefined): boolean => !!photosVerifiedAt;
