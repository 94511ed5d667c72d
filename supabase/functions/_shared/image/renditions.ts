/**
 * The sizes a listing photo is served at (issue 44, docs/decisions/0512-renditions-made-at-upload.md):
 * made once by the listing-photo function from the stored 4:5 crop, under names derived from
 * the crop's bytes, so Storage and its CDN may keep each file for a year. Plain constants and
 * names: the app imports this file (srcset, sizes), the encoders live in make-renditions.ts.
 *
 * A photo's row keeps the names' common part, `renditions` = `<userId>/<listingId>/<key>`;
 * its files are `<renditions>-<width>.webp` for each RENDITION_WIDTHS and
 * `<renditions>-<FALLBACK_WIDTH>.jpg`, in the crop's bucket. Every name exists for every
 * photo: a crop narrower than a width is stored at its own width under that width's name
 * (never enlarged), so the app needs nothing but the prefix.
 */

/** The widths the app draws (360-px phones at DPR 1-3, the 540-px gallery), in pixels; height = width * 5/4. */
export const RENDITION_WIDTHS = [360, 540, 720, 1080] as const;
/** The one JPEG, for browsers without WebP: one of the widths, so it is encoded from that width's pixels. */
export const FALLBACK_WIDTH: RenditionWidth = 720;
/** The key: this many hex digits of the SHA-256 of the stored crop's bytes (80 bits). */
export const RENDITION_KEY_LENGTH = 20;

export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

/** The file name ending of a WebP rendition (after the prefix). */
export const webpSuffix = (width: number) => `-${width}.webp`;
/** The file name ending of the JPEG fallback (after the prefix). */
export const FALLBACK_SUFFIX = `-${FALLBACK_WIDTH}.jpg`;

/**
 * The widths also served as AVIF (about half the WebP's bytes at its SSIM): a phone's
 * densities. The browser encodes them after the upload and photo-avif checks them against the
 * crop before storing them (docs/decisions/0514-avif-encoded-by-the-browser.md): an Edge
 * Function's CPU cannot pay for the encoding. A row's `avif` says they exist; the app then
 * offers them, with the 1080 WebP beside them.
 */
export const AVIF_WIDTHS = [360, 540, 720] as const satisfies readonly RenditionWidth[];
/** libaom's quality and speed for them, chosen by measurement (0514): speed 6 saves 1-2 % for twice the CPU. */
export const AVIF_QUALITY = 50;
export const AVIF_SPEED = 7;
/** The file name ending of an AVIF rendition (after the prefix). */
export const avifSuffix = (width: number) => `-${width}.avif`;

/** Every file name ending a photo with renditions has, WebP widths first. */
export const RENDITION_SUFFIXES: readonly string[] = [...RENDITION_WIDTHS.map(webpSuffix), FALLBACK_SUFFIX];
/** The AVIF files' endings, once photo-avif has made them. */
export const AVIF_SUFFIXES: readonly string[] = AVIF_WIDTHS.map(avifSuffix);

/**
 * storage-js's cacheControl option for a rendition: Supabase Storage stores `max-age=` and the
 * option, and answers it as the file's Cache-Control, `max-age=31536000, public, immutable`
 * (a year; the name changes with the bytes, so a kept copy never goes stale).
 */
export const RENDITION_CACHE_CONTROL = '31536000, public, immutable';
