import { SUPABASE_URL } from '@/lib/env.ts';
import { AVIF_WIDTHS, avifSuffix, FALLBACK_SUFFIX, RENDITION_WIDTHS, webpSuffix } from '../../../supabase/functions/_shared/image/renditions.ts';
import type { ListingPhoto } from './shape.ts';

/** Where a listing photo shows, which sets how wide it is drawn. */
export type PhotoPlace = 'card' | 'gallery';

// The drawn width, so the browser takes the smallest rendition that is sharp (page.module.css:
// 12 px page padding, 16 px between cards, a 1 px card border). The card: one column on a
// phone, two from 48em, three of the 1140 px container from 75em. The gallery: the detail
// page's 720 px container (page.narrow) less its padding.
const SIZES: Record<PhotoPlace, string> = {
  card: '(min-width: 75em) 359px, (min-width: 48em) calc(50vw - 22px), calc(100vw - 26px)',
  gallery: '(min-width: 45em) 696px, calc(100vw - 24px)',
};

const PUBLIC_PHOTOS = `${SUPABASE_URL}/storage/v1/object/public/listing_photos/`;

export interface PhotoSources {
  /** The <img>'s address: the JPEG rendition, or the stored crop when the photo has none yet. */
  src: string;
  /** The WebP renditions for the <picture>'s <source type="image/webp">. */
  srcSet?: string;
  /** Once made, the AVIF renditions (and the WebP above their widths) for a <source type="image/avif"> before it. */
  avifSrcSet?: string;
  sizes?: string;
}

/**
 * A public photo's addresses (docs/decisions/0512-renditions-made-at-upload.md): its WebP
 * renditions, made once at upload and served as stored (never Storage's transformations), and
 * the JPEG for browsers without WebP. A photo stored before its renditions were made shows its
 * crop (the 4:5 JPEG at quality 0.95). Once photo-avif has made its AVIF files (half the WebP's
 * bytes), they are offered first; a width made only as WebP stays WebP in that list, so a wide
 * screen still gets a sharp file (every browser that decodes AVIF decodes WebP).
 */
export function photoSources(photo: Pick<ListingPhoto, 'url' | 'renditions' | 'avif'>, place: PhotoPlace): PhotoSources {
  const prefix = photo.renditions;
  if (!prefix) return { src: photo.url };
  const at = (suffix: string) => `${PUBLIC_PHOTOS}${prefix}${suffix}`;
  const list = (suffix: (w: number) => string) => RENDITION_WIDTHS.map((w) => `${at(suffix(w))} ${w}w`).join(', ');
  return {
    src: at(FALLBACK_SUFFIX),
    srcSet: list(webpSuffix),
    ...(photo.avif && { avifSrcSet: list((w) => (AVIF_WIDTHS.some((a) => a === w) ? avifSuffix(w) : webpSuffix(w))) }),
    sizes: SIZES[place],
  };
}

/**
 * Starts the download the card's or gallery's <picture> drawing `sources` would start, in
 * `img` (not on the page maybe). With AVIF, `img` goes into a <picture> of the same <source>s,
 * so the browser's own choice of format and width is the page's; `sizes` before `srcset`, so
 * the first pick is already the right one. The WebP list as the srcset, so a browser that draws
 * the <picture>'s WebP finds this very file.
 */
export function requestPhoto(img: HTMLImageElement, { src, srcSet, avifSrcSet, sizes }: PhotoSources): void {
  if (avifSrcSet) {
    const source = (type: string, srcset?: string) => Object.assign(document.createElement('source'), { type, sizes, srcset });
    document.createElement('picture').append(source('image/avif', avifSrcSet), source('image/webp', srcSet), img);
  }
  if (sizes) img.sizes = sizes;
  if (srcSet) img.srcset = srcSet;
  img.src = src;
}
