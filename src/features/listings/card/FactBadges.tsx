import { dateBadge, label, verifiedBadge, type Listing } from '../model.ts';
import { CardBadge } from './CardBadge.tsx';

/** Category, publication date and 'Foto verificate': the same badges on the card and the listing page. */
export function FactBadges({ listing, compact = false }: { listing: Listing; compact?: boolean }) {
  const date = dateBadge(listing, compact);
  const verified = verifiedBadge(listing);
  return (
    <>
      <CardBadge variant="light" color="grape" upper>
        {label('category', listing.category)}
      </CardBadge>
      {date && (
        <CardBadge variant="outline" color="gray" data-testid="badge-date">
          {date.prefix} {date.date}
        </CardBadge>
      )}
      {verified && (
        <CardBadge variant="filled" color="teal" data-testid="badge-verified">
          {verified}
        </CardBadge>
      )}
    </>
  );
}
