/**
 * A listing's crops are public only while it is approved (issue 41): while it waits for review
 * or after a refusal they sit in the private listing_photos_held bucket under the same key,
 * which only its owner and staff read, through a signed URL. A photo whose public address
 * fails is looked for there, for a signed-in user; anyone else keeps the failed image.
 */
import { useCallback, useState } from 'react';
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
 * For an image of a stored crop: the address to show and the error handler that swaps in the
 * held copy once (`held` then true); a held copy that fails too stays failed.
 */
export function useHeldPhoto(url: string | undefined): { src: string | undefined; held: boolean; onError: () => void } {
  const [held, setHeld] = useState<{ of: string; src: string } | null>(null);
  const isHeld = !!url && held?.of === url;
  const onError = useCallback(() => {
    if (!url || isHeld) return;
    void heldPhotoUrl(url).then((src) => {
      if (src) setHeld({ of: url, src });
    });
  }, [url, isHeld]);
  return { src: isHeld ? held.src : url, held: isHeld, onError };
}
