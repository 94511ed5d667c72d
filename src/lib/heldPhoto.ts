/**
 * A listing's crops are public only while it is approved (issue 41): while it waits for review
 * or after a refusal they sit in the private listing_photos_held bucket under the same key,
 * which only its owner and staff read, through a signed URL. A photo whose public address
 * fails is looked for there, for a signed-in user; anyone else keeps the failed image.
 */
import { useCallback, useEffect, useState } from 'react';
import { mayHaveSession } from './authStorage.ts';
import { loadSupabase } from './backend.ts';

export const HELD_BUCKET = 'listing_photos_held';
const SIGNED_SECONDS = 3600;
/** A signed address is reused for most of its life, then asked for again. */
const REUSE_MS = (SIGNED_SECONDS - 600) * 1000;
const PUBLIC_CROP = /\/storage\/v1\/object\/public\/listing_photos\/([^?#]+)/;

/** The stored key of a crop's public address; null for any other address. */
export function heldPhotoKey(url: string): string | null {
  const key = PUBLIC_CROP.exec(url)?.[1];
  if (!key) return null;
  try {
    return decodeURIComponent(key);
  } catch {
    return null;
  }
}

const signed = new Map<string, { at: number; url: Promise<string | null> }>();

/** A signed address of the held copy of this crop, or null (not signed in, not theirs, not a crop). */
export function heldPhotoUrl(url: string, now = Date.now()): Promise<string | null> {
  const key = heldPhotoKey(url);
  if (!key || !mayHaveSession()) return Promise.resolve(null);
  const cached = signed.get(key);
  if (cached && now - cached.at < REUSE_MS) return cached.url;
  // Offline the request can only fail (a console error on every uncached photo): not asked, not kept.
  if (!navigator.onLine) return Promise.resolve(null);
  const next = loadSupabase()
    .then(async (supabase) => (await supabase.storage.from(HELD_BUCKET).createSignedUrl(key, SIGNED_SECONDS)).data?.signedUrl ?? null)
    .catch(() => null)
    .then((u) => {
      // A refusal is not kept: the same user may be allowed after signing in.
      if (!u) signed.delete(key);
      return u;
    });
  signed.set(key, { at: now, url: next });
  return next;
}

/**
 * For an image of a stored crop: the address to show and the error handler that looks for the
 * held copy once (`held` then true); a held copy that fails too stays failed. `heldFirst`, for a
 * listing known to wait for review or refused, asks for the held copy at once (`pending` until
 * it answers) instead of after a public request that must fail.
 */
export function useHeldPhoto(
  url: string | undefined,
  heldFirst = false,
): { src: string | undefined; held: boolean; pending: boolean; onError: () => void } {
  const [looked, setLooked] = useState<{ of: string; src: string | null } | null>(null);
  const done = !!url && looked?.of === url;
  const lookUp = useCallback(() => {
    if (!url || done) return;
    void heldPhotoUrl(url).then((src) => setLooked({ of: url, src }));
  }, [url, done]);
  useEffect(() => {
    if (heldFirst) lookUp();
  }, [heldFirst, lookUp]);
  const signedSrc = done ? looked.src : null;
  const pending = !!url && heldFirst && !done;
  return { src: signedSrc ?? (pending ? undefined : url), held: !!signedSrc, pending, onError: lookUp };
}
