import type { CSSProperties } from 'react';

/** A card floating above the page's bottom edge (and the phone's home indicator), as the update prompt and the install invitation show. */
export const floatingCard = (zIndex: number): CSSProperties => ({
  left: 12,
  right: 12,
  bottom: 'calc(12px + env(safe-area-inset-bottom))',
  zIndex,
  maxWidth: 480,
  margin: '0 auto',
});
