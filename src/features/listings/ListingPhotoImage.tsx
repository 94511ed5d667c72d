import type { CSSProperties } from 'react';

/** Listing photos are 4:5: width/height reserve the space; lazy unless `eager`, high priority when `priority`. */
export function ListingPhotoImage({
  src,
  alt,
  eager = false,
  priority = eager,
  style,
}: {
  src: string;
  alt: string;
  eager?: boolean;
  priority?: boolean;
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
      style={{ display: 'block', height: 'auto', aspectRatio: '4 / 5', background: '#f3e5f5', ...style }}
    />
  );
}
