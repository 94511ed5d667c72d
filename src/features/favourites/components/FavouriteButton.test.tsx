import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '@/features/auth/index.ts';
import { emptyFavourites } from '../model.ts';
import { useFavouritesStore } from '../store.ts';

// What follows a tap talks to the account: not this test's business.
const after = vi.hoisted(() => ({ afterToggle: vi.fn(() => Promise.resolve()) }));
vi.mock('../afterToggle.ts', async (actual) => ({ ...(await actual<object>()), ...after }));
const { FavouriteButton } = await import('./FavouriteButton.tsx');

const listing = { id: 'l1', title: 'Giulia a Roma', city: 'Roma', category: 'donna', age: 30 };

describe('FavouriteButton', () => {
  beforeEach(() => {
    useFavouritesStore.setState(emptyFavourites, true);
    after.afterToggle.mockClear();
  });

  it('keeps the listing on the device at a tap', async () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    render(<FavouriteButton listing={listing} />);
    await userEvent.click(screen.getByRole('button', { name: t.favourites.add(listing.title) }));
    expect(useFavouritesStore.getState().items).toHaveProperty('l1');
    await vi.waitFor(() => expect(after.afterToggle).toHaveBeenCalledWith('l1', true, 'u1'));
  });

  it("keeps the primary photo's renditions, placeholder and AVIF for the offline card", async () => {
    const photos = [
      { url: 'b.jpg', is_primary: false, renditions: 'u/l/b', placeholder: 'B', avif: false },
      { url: 'a.jpg', is_primary: true, renditions: 'u/l/a', placeholder: 'A', avif: true },
    ];
    render(<FavouriteButton listing={{ ...listing, photos }} />);
    await userEvent.click(screen.getByRole('button', { name: t.favourites.add(listing.title) }));
    expect(useFavouritesStore.getState().items.l1).toMatchObject({ photo: 'a.jpg', photoRenditions: 'u/l/a', photoPlaceholder: 'A', photoAvif: true });
  });

  it('changes nothing for a banned account and says why (the database would refuse it later, as if made offline)', async () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u5', email: 'b@x.it' }, role: 'banned' });
    render(<FavouriteButton listing={listing} />);
    await userEvent.click(screen.getByRole('button', { name: t.favourites.add(listing.title) }));
    expect(await screen.findByText(t.favourites.banned)).toBeInTheDocument();
    expect(useFavouritesStore.getState().items).not.toHaveProperty('l1');
    expect(screen.getByRole('button', { name: t.favourites.add(listing.title) })).toHaveAttribute('aria-pressed', 'false');
    expect(after.afterToggle).not.toHaveBeenCalled();
  });
});
