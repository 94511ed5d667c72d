import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@/test/render.tsx';
import { ListingGrid } from './ListingGrid.tsx';
import { makeTestListing } from '@/test/listing.ts';

const listing = (i: number) => makeTestListing({ id: `b0000000-0000-4000-8000-00000000000${i}`, title: `Annuncio ${i}` });

describe('ListingGrid', () => {
  it('is busy until every card is drawn, so no one counts a part of the result', async () => {
    // The first commit is seen through the mutations it leaves: render() flushes the rest at once.
    const container = document.body.appendChild(document.createElement('div'));
    const seen: MutationRecord[] = [];
    const observer = new MutationObserver((records) => seen.push(...records));
    observer.observe(container, { subtree: true, attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    render(<ListingGrid listings={[1, 2, 3, 4, 5, 6, 7].map(listing)} />, { container });
    const grid = screen.getByTestId('listing-grid');
    await waitFor(() => expect(screen.getAllByTestId('listing-card')).toHaveLength(7));
    expect(grid).not.toHaveAttribute('aria-busy');
    const busy = [...seen, ...observer.takeRecords()].filter((r) => r.target === grid);
    expect(busy.map((r) => r.oldValue)).toEqual(['true']);
  });

  it('draws a short result at once, not busy', () => {
    render(<ListingGrid listings={[1, 2].map(listing)} />);
    expect(screen.getAllByTestId('listing-card')).toHaveLength(2);
    expect(screen.getByTestId('listing-grid')).not.toHaveAttribute('aria-busy');
  });
});
