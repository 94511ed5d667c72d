import type { ReactNode } from 'react';
import classes from './CardBadge.module.css';

export type CardBadgeColor = 'red' | 'yellow' | 'gray' | 'grape' | 'pink' | 'teal' | 'green';

interface CardBadgeProps {
  color: CardBadgeColor;
  variant: 'filled' | 'light' | 'outline';
  size?: 'md' | 'sm';
  /** Upper case, as Mantine's badges are by default; values and dates keep their case. */
  upper?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/** A badge of the listing card: Mantine's look from its colour variables, with no component work. */
export function CardBadge({ color, variant, size = 'md', upper = false, children, ...rest }: CardBadgeProps) {
  return (
    <span className={classes.badge} data-color={color} data-variant={variant} data-size={size} data-upper={upper || undefined} {...rest}>
      {children}
    </span>
  );
}
