import type { CSSProperties } from 'react';
import { useHeldPhoto } from '@/lib/heldPhoto.ts';
import classes from './ListingPhotoImage.module.css';
import { photoSources, type PhotoPlace } from '../photoSources.ts';

/**
 * Listing photos are 4:5: width/height reserve the space; resized for `place`; lazy unless
 * `eager`, high priority when `priority`. Without `src` the frame holds its place until the
 * photo is wanted. A crop of a listing waiting for review is not public: its owner and staff
 * see the held copy (lib/heldPhoto.ts), at its stored size.
 */
export function ListingPhotoImage({
  src,
  place,
  alt,
  eager = false,
  priority = eager,
  className,
  style,
  onSettled,
}: {
  src: string | undefined;
  place: PhotoPlace;
  alt: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
  /** the photo has loaded or failed */
  onSettled?: (img: HTMLImageElement) => void;
}) {
  const held = useHeldPhoto(src);
  return (
    <img
      {...(held.held ? { src: held.src } : src ? photoSources(src, place) : {})}
      alt={alt}
      width={400}
      height={500}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      // The tinted frame shows only while the photo loads (a PNG with transparent parts shows
      // the page behind it once loaded). Handling the load also tells React that the page
      // manages the photo's reveal, so a transition rendering cards does not hold its commit.
      onLoad={(e) => {
        e.currentTarget.setAttribute('data-loaded', '');
        onSettled?.(e.currentTarget);
      }}
      onError={(e) => {
        held.onError();
        onSettled?.(e.currentTarget);
      }}
      className={className ? `${classes.photo} ${className}` : classes.photo}
      style={{ display: 'block', height: 'auto', aspectRatio: '4 / 5', ...style }}
    />
  );
}
