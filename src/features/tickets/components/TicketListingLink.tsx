import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { shortTicketId } from '../model.ts';

/** The listing a ticket is about, by title (its short id when the title is not readable), or `none`. */
export function TicketListingLink({ listingId, title, none }: { listingId: string | null; title: string | null | undefined; none: string }) {
  if (!listingId) return <>{none}</>;
  return (
    <Anchor component={Link} to={`/listing/${listingId}`}>
      {title ?? shortTicketId(listingId)}
    </Anchor>
  );
}
