import { startTransition, useEffect, useState } from 'react';
import { ListingCard } from './ListingCard.tsx';
import type { Listing } from '../model.ts';
import page from '@/lib/ui/page.module.css';

/** Cards drawn with the first paint: a desktop row, more than a phone's screen. */
const FIRST_PAINT = 3;

/** One column on a phone, two from tablets, three on desktops. */
export function ListingGrid({ listings, priorityFirst = false }: { listings: Listing[]; priorityFirst?: boolean }) {
  // The first cards commit at once and the rest follow as a transition: on a phone the first
  // photo (the page's largest paint) does not wait for twenty cards to render.
  const [all, setAll] = useState(listings.length <= FIRST_PAINT);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const shown = all ? listings : listings.slice(0, FIRST_PAINT);
  return (
    // Busy while the rest are still to come: a count taken meanwhile is not the result's.
    <div className={page.cards} data-testid="listing-grid" aria-busy={all ? undefined : true}>
      {shown.map((l, i) => (
        <ListingCard key={l.id} listing={l} priority={priorityFirst && i === 0} compact />
      ))}
    </div>
  );
}
