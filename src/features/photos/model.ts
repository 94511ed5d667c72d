/** Pure photo rules: accepted files and the 4:5 crop's geometry. */
// The photos catalogue alone, read inside the functions: the AVIF worker imports this file and carries none of it.
import { photos } from '@/lib/catalogue/photos.ts';
import { sniffImageKind as sniffCleanable, type ImageKind as CleanableKind } from '../../../supabase/functions/_shared/image/index.ts';
import { CROP_MAX_HEIGHT, MAX_BYTES, MAX_PIXELS } from '../../../supabase/functions/_shared/image/limits.ts';
import { AVIF_WIDTHS } from '../../../supabase/functions/_shared/image/renditions.ts';

/**
 * What the upload function accepts (10 MB, 40 megapixels): the app says so before uploading.
 * CROP_MAX_HEIGHT: the longest side of a stored crop, a 4:5 photo of 1600 x 2000 px, sharp on
 * any phone and small; the function refuses a larger crop (issue 41).
 */
export { CROP_MAX_HEIGHT, MAX_BYTES, MAX_PIXELS };

/** Photos per listing: the database trigger's limit (max_photos_per_listing) is the final guard. */
export const MAX_PHOTOS = 5;
export const CROP_ASPECT = 4 / 5;
export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;
export const JPEG_QUALITY = 0.95;
/** What the file inputs offer; the bytes decide what is accepted (sniffImageKind). */
export const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** What the server stores, plus HEIC, which the browser converts to JPEG before uploading. */
export type ImageKind = CleanableKind | 'heic';

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** The image format the first bytes of a file announce (magic numbers), whatever its name or MIME type says. */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  // ISO BMFF: size, 'ftyp', then the major brand; iPhones write heic, others heix/mif1/msf1/hevc.
  const heic = head.length >= 12 && ascii(head, 4, 4) === 'ftyp' && /^(heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(head, 8, 4));
  return sniffCleanable(head) ?? (heic ? 'heic' : null);
}

/** A MIME type or extension that names one of the accepted formats (or says nothing). */
function namesAcceptedFormat(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type && !/^image\/(jpeg|jpg|pjpeg|png|webp|heic|heif|heic-sequence|heif-sequence)$/.test(type)) return false;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext === undefined || ['jpg', 'jpeg', 'jfif', 'png', 'webp', 'heic', 'heif'].includes(ext);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 });

/**
 * Why a chosen file cannot be used, or its format. `head` is its first 16 bytes: a text file
 * named .jpg is refused by its bytes, an iPhone HEIC sent as application/octet-stream accepted.
 */
export function checkFile(file: { name: string; type: string; size: number }, head: Uint8Array): { kind: ImageKind } | { error: string } {
  const v = photos.validation;
  if (file.size === 0) return { error: v.empty(file.name) };
  const kind = sniffImageKind(head);
  if (!kind) return { error: namesAcceptedFormat(file) ? v.notImage(file.name) : v.wrongType(file.name) };
  if (file.size > MAX_BYTES) return { error: v.tooBig(file.name, megabytes(file.size)) };
  return { kind };
}

/** How many of `chosen` files fit beside `current` photos, and the message when some do not. */
export function fitCount(current: number, chosen: number, max: number): { take: number; error: string | null } {
  const v = photos.validation;
  const room = Math.max(0, max - current);
  return { take: Math.min(room, chosen), error: chosen > room ? v.tooMany(max) : null };
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop rectangle in whole source pixels, inside the image and exactly 4:5 (react-easy-crop
 * reports fractions that can overrun the edge by rounding), or null when there is no area.
 */
export function cropRect(area: Area | null, image: { width: number; height: number }): Area | null {
  if (!area || !(area.width > 0) || !(area.height > 0) || !(image.width > 0) || !(image.height > 0)) return null;
  // Whole multiples of 4 px wide, so the height (width * 5/4) is whole too and the ratio exact.
  const width = Math.floor(Math.min(area.width, image.width, image.height * CROP_ASPECT) / 4) * 4;
  if (width < 4) return null;
  const height = (width / 4) * 5;
  if (width > image.width || height > image.height) return null;
  const x = Math.round(Math.min(Math.max(0, area.x), image.width - width));
  const y = Math.round(Math.min(Math.max(0, area.y), image.height - height));
  return { x, y, width, height };
}

/** The size of the stored crop: the rectangle itself, scaled down to at most CROP_MAX_HEIGHT, always 4:5. */
export function outputSize(rect: { width: number; height: number }): { width: number; height: number } {
  const width = Math.max(4, Math.floor(Math.min(rect.width, (CROP_MAX_HEIGHT * 4) / 5) / 4) * 4);
  return { width, height: (width / 4) * 5 };
}

/** A width the AVIF renditions are named by (renditions.ts). */
export type AvifWidth = (typeof AVIF_WIDTHS)[number];

/**
 * The AVIF files photo-avif expects of a crop, one per AVIF_WIDTHS: `name` is the width the
 * file is sent under (`avif-<name>`), `width` x `height` its pixels. Like the WebP renditions,
 * a crop narrower than a width is sent at its own width under that width's name (never
 * enlarged); the height keeps the crop's proportions, rounded. None for a crop without pixels.
 */
export function avifSizes(cropWidth: number, cropHeight: number): { name: AvifWidth; width: number; height: number }[] {
  if (!Number.isInteger(cropWidth) || !Number.isInteger(cropHeight) || cropWidth < 1 || cropHeight < 1) return [];
  return AVIF_WIDTHS.map((name) => {
    const width = Math.min(name, cropWidth);
    return { name, width, height: Math.max(1, Math.round((cropHeight * width) / cropWidth)) };
  });
}

/** What the upload function answers about the listing after storing a photo (record_photo_hash's review_status and distance). */
export interface UploadAnswer {
  /** the stored photo (its other fields are not read here) */
  photo?: { id?: unknown } | null;
  review_status?: string | null;
  /** bits between the photo and the nearest other account's, when one is within the threshold */
  distance?: number | null;
}

/**
 * Issue 40: what the owner is told after an upload. 'duplicate' when a photo matched another
 * account's and the listing waits for staff; 'held' when it waits for another reason (a new
 * advertiser's photo); 'ok' otherwise.
 */
export type UploadReview = 'ok' | 'held' | 'duplicate';

export function uploadReview(answers: readonly UploadAnswer[]): UploadReview {
  const held = answers.filter((a) => a.review_status === 'pending');
  if (held.some((a) => typeof a.distance === 'number')) return 'duplicate';
  return held.length ? 'held' : 'ok';
}
