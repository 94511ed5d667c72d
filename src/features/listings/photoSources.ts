import { IMAGE_TRANSFORMS } from '@/lib/env.ts';
import { defaultRendition, renditionUrl } from '@/lib/storageImage.ts';

/** Where a listing photo shows, which sets how wide it is drawn. */
export type PhotoPlace = 'card' | 'gallery';

// The card: one column on a phone, two from 48em, three of a 1140 px container from 75em.
// The gallery: the detail page's 540 px container.
const SIZES: Record<PhotoPlace, string> = {
  card: '(min-width: 75em) 370px, (min-width: 48em) 50vw, 100vw',
  gallery: '(min-width: 34em) 540px, 100vw',
};
// A 360-430 px phone at 1.75x-3x, tablets and desktops at 1x-2x; Storage does not enlarge.
const WIDTHS = [400, 600, 800, 1080, 1440];
const QUALITY = 75;

interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * A stored photo (the 4:5 crop at JPEG quality 0.95) as resized renditions for `srcset`: a
 * phone's card photo is about a quarter of the bytes (WebP at its width) for the same sharpness.
 */
export function photoSources(url: string, place: PhotoPlace): PhotoSources {
  const at = (width: number) => (IMAGE_TRANSFORMS ? renditionUrl(url, width, QUALITY) : null);
  if (!at(WIDTHS[0]!)) return { src: url };
  return { src: defaultRendition(url), srcSet: WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '), sizes: SIZES[place] };
}
