import type { CSSProperties, ReactNode } from 'react';
import classes from './CardBadge.module.css';

export interface CardBadgeProps {
  /** A Mantine palette name: red, yellow, gray, grape, pink, teal. */
  color: string;
  variant: 'filled' | 'light' | 'outline';
  size?: 'md' | 'sm';
  /** Upper case, as Mantine's badges are by default; values and dates keep their case. */
  upper?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/** A badge of the listing card, drawn with Mantine's colour variables and no component work. */
export function CardBadge({ color, variant, size = 'md', upper = false, children, ...rest }: CardBadgeProps) {
  const vars = {
    '--badge-filled': `var(--mantine-color-${color}-filled)`,
    '--badge-light': `var(--mantine-color-${color}-light)`,
    '--badge-light-color': `var(--mantine-color-${color}-light-color)`,
    '--badge-outline': `var(--mantine-color-${color}-outline)`,
  } as CSSProperties;
  return (
    <span className={classes.badge} data-variant={variant} data-size={size} data-upper={upper || undefined} style={vars} {...rest}>
      {children}
    </span>
  );
}
