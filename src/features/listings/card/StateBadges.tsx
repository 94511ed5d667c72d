import { CardBadge, type CardBadgeColor } from './CardBadge.tsx';
import type { StateBadge } from '../model.ts';

const LOOK: Record<StateBadge['kind'], { color: CardBadgeColor; upper: boolean; testId: string }> = {
  hot: { color: 'red', upper: true, testId: 'badge-hot' },
  pending: { color: 'yellow', upper: false, testId: 'badge-pending' },
  available: { color: 'green', upper: false, testId: 'badge-available-now' },
  paused: { color: 'gray', upper: true, testId: 'badge-paused' },
};

/** The listing's state badges (stateBadges' list) as the card and the listing page draw them. */
export function StateBadges({ badges }: { badges: StateBadge[] }) {
  return badges.map(({ kind, label }) => (
    <CardBadge key={kind} color={LOOK[kind].color} variant="filled" upper={LOOK[kind].upper} data-testid={LOOK[kind].testId}>
      {label}
    </CardBadge>
  ));
}
