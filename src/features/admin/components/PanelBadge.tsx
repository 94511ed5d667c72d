import { Badge } from '@mantine/core';
import classes from './AdminCards.module.css';

/**
 * A light badge with dark text: Mantine's light variant writes its colour on the colour's
 * tint, too pale for WCAG AA at badge size (green, yellow, even green.9). Never shrinks on a phone.
 */
export function PanelBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge color={color} variant="light" c="dark.7" className={classes.badge}>
      {children}
    </Badge>
  );
}
