import type { CSSProperties } from 'react';
import { useHeldPhoto } from '@/lib/heldPhoto.ts';
import classes from './ListingPhotoImage.module.css';
import type { ListingPhoto } from '../shape.ts';
import { photoSources, type PhotoPlace, type PhotoSources } from '../photoSources.ts';
import { placeholderUrl } from '../placeholder.ts';

/**
 * Listing photos are 4:5: width/height reserve the space; its renditions sized for `place`
 * (a <picture>: AVIF once made, WebP, the JPEG for browsers without either); lazy unless
 * `eager`, high priority when `priority`. The frame paints the photo's placeholder until it
 * has loaded; while not `wanted` it holds its place with only that. A crop of a listing
 * waiting for review is not public: its owner and staff see the held copy (lib/heldPhoto.ts),
 * at its stored size.
 */
export function ListingPhotoImage({
  photo,
  wanted = true,
  place,
  alt,
  eager = false,
  priority = eager,
  held = false,
  className,
  style,
  onSettled,
}: {
  photo: Pick<ListingPhoto, 'url' | 'renditions' | 'placeholder' | 'avif'>;
  wanted?: boolean;
  place: PhotoPlace;
  alt: string;
  eager?: boolean;
  priority?: boolean;
  /** the listing waits for review or was refused: its held copy is asked for at once */
  held?: boolean;
  className?: string;
  style?: CSSProperties;
  /** the photo has loaded or failed */
  onSettled?: (img: HTMLImageElement) => void;
}) {
  const copy = useHeldPhoto(wanted ? photo.url : undefined, held);
  const sources: PhotoSources | null = !wanted || copy.pending ? null : copy.held ? { src: copy.src! } : photoSources(photo, place);
  const placeholder = placeholderUrl(photo.placeholder);
  const img = (
    <img
      src={sources?.src}
      alt={alt}
      width={400}
      height={500}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      // The frame (placeholder or tint) shows only while the photo loads (a PNG with transparent
      // parts shows the page behind it once loaded). Handling the load also tells React that the
      // page manages the photo's reveal, so a transition rendering cards does not hold its commit.
      onLoad={(e) => {
        e.currentTarget.setAttribute('data-loaded', '');
        onSettled?.(e.currentTarget);
      }}
      onError={(e) => {
        copy.onError();
        onSettled?.(e.currentTarget);
      }}
      className={className ? `${classes.photo} ${className}` : classes.photo}
      style={{ display: 'block', height: 'auto', aspectRatio: '4 / 5', ...(placeholder && ({ '--placeholder': `url(${placeholder})` } as CSSProperties)), ...style }}
    />
  );
  if (!sources?.srcSet) return img;
  return (
    <picture className={classes.picture}>
      {sources.avifSrcSet && <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sources.sizes} />}
      <source type="image/webp" srcSet={sources.srcSet} sizes={sources.sizes} />
      {img}
    </picture>
  );
}
