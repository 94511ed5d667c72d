import { Image, type ImageProps } from '@mantine/core';
import type { ImgHTMLAttributes } from 'react';
import { useHeldPhoto } from '@/lib/heldPhoto.ts';

/**
 * A stored listing crop in Mantine's Image, for the owner's and the staff's screens: when the
 * public address fails (the listing waits for review or was refused, issue 41) the held copy
 * is shown through a signed URL (lib/heldPhoto.ts).
 */
export function StoredPhoto({ src, ...props }: Omit<ImageProps, 'src'> & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string | undefined }) {
  const held = useHeldPhoto(src);
  return <Image {...props} src={held.src} onError={held.onError} />;
}
