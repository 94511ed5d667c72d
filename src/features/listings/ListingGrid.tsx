import { SimpleGrid } from '@mantine/core';
import { ListingCard } from './ListingCard.tsx';
import type { Listing } from './model.ts';

/** One column on a phone, two from tablets, three on desktops. */
export function ListingGrid({ listings, priorityFirst = false }: { listings: Listing[]; priorityFirst?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="listing-grid">
      {listings.map((l, i) => (
        <ListingCard key={l.id} listing={l} priority={priorityFirst && i === 0} compact />
      ))}
    </SimpleGrid>
  );
}
