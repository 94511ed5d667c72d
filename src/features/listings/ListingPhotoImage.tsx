import type { CSSProperties } from 'react';

/**
 * Listing photos are 4:5: width/height reserve the space; lazy unless `eager`, high priority
 * when `priority`. Without `src` the frame holds its place until the photo is wanted.
 */
export function ListingPhotoImage({
  src,
  alt,
  eager = false,
  priority = eager,
  className,
  style,
}: {
  src: string | undefined;
  alt: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={400}
      height={500}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={className}
      style={{ display: 'block', height: 'auto', aspectRatio: '4 / 5', background: '#f3e5f5', ...style }}
    />
  );
}
