import type { CSSProperties } from 'react';

/** Dark text on the panel's light badges: Mantine's tinted text fails contrast (axe) on teal, yellow and gray. */
export const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;
