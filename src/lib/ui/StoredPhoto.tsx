import { Image, type ImageProps } from '@mantine/core';
import type { ImgHTMLAttributes } from 'react';
import { useHeldPhoto } from '@/lib/heldPhoto.ts';

/**
 * A stored listing crop in Mantine's Image, for the owner's and the staff's screens: when the
 * public address fails (the listing waits for review or was refused, issue 41) the held copy
 * is shown through a signed URL (lib/heldPhoto.ts); `held`, for a listing known to be held, asks
 * for that copy at once.
 */
export function StoredPhoto({
  src,
  held = false,
  ...props
}: Omit<ImageProps, 'src'> & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string | undefined; held?: boolean }) {
  const copy = useHeldPhoto(src, held);
  return <Image {...props} src={copy.src} onError={copy.onError} />;
}
