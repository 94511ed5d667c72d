import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { fireEvent, render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ fetchListing: vi.fn(), fetchPricing: vi.fn(), fetchPendingDiscount: vi.fn(), promoteListing: vi.fn() }));
vi.mock('../api.ts', () => api);
const profileApi = vi.hoisted(() => ({ fetchOwnProfile: vi.fn() }));
vi.mock('@/features/profile/api.ts', () => profileApi);
const { default: PromoteListingPage } = await import('./PromoteListingPage.tsx');

const m = t.money.promotion;
const future = new Date(Date.now() + 20 * 86_400_000).toISOString();
const giulias = { id: 'l1', title: 'Giulia a Roma', user_id: 'giulia', is_paused: false, expires_at: future, is_premium: false, promotion_mode: null, promotion_start_at: null, promotion_end_at: null };

function renderAs(userId: string) {
  useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: userId, email: `${userId}@x.it` }, role: 'user' });
  return render(
    <Routes>
      <Route path={paths.promoteListing} element={<PromoteListingPage />} />
      <Route path={paths.myListings} element={<h1>I miei annunci</h1>} />
    </Routes>,
    { route: '/promote-listing/l1' },
  );
}

describe('PromoteListingPage', () => {
  beforeEach(() => {
    // The listings table answers as its RLS and the page's owner filter would: the listing to its owner only.
    api.fetchListing.mockReset().mockImplementation(async (id: string, userId?: string) => (id === 'l1' && userId === 'giulia' ? giulias : null));
    api.fetchPricing.mockReset().mockResolvedValue({ perDay: { day: 8, night: 12 }, durations: [1, 3, 7] });
    api.fetchPendingDiscount.mockReset().mockResolvedValue(null);
    api.promoteListing.mockReset();
    profileApi.fetchOwnProfile.mockReset().mockResolvedValue({ id: 'x', email: 'x@x.it', display_name: null, credits: 286 });
  });

  it("refuses someone else's listing up front, as /edit-listing does: no title, prices, balance or 'Promuovi'", async () => {
    renderAs('marco');
    expect(await screen.findByRole('heading', { name: t.listingEditor.notFound })).toBeInTheDocument();
    expect(screen.getByText(t.listingEditor.notFoundHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.listingEditor.toMyListings })).toHaveAttribute('href', paths.myListings);
    expect(api.fetchListing).toHaveBeenCalledWith('l1', 'marco');
    expect(screen.queryByText(giulias.title)).toBeNull();
    expect(screen.queryByRole('button', { name: m.buy })).toBeNull();
    expect(screen.queryByText(m.balance(286))).toBeNull();
  });

  it('shows the owner her listing, the price and her balance', async () => {
    renderAs('giulia');
    expect(await screen.findByText(giulias.title)).toBeInTheDocument();
    expect(await screen.findByText(m.balance(286))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.buy })).toBeEnabled();
  });

  it('offers each package once: two cards that are the choice, no second Giorno/Notte control (issue 43)', async () => {
    renderAs('giulia');
    const night = await screen.findByRole('radio', { name: m.modes.night.name });
    expect(night).toHaveAccessibleDescription(`${m.modes.night.text} ${m.perDay(12)}`);
    expect(screen.getByRole('radio', { name: m.modes.day.name })).toBeChecked();
    expect(screen.getAllByText(m.modes.day.name)).toHaveLength(1);
    expect(screen.getAllByText(m.modes.night.name)).toHaveLength(1);
    fireEvent.click(screen.getByText(m.modes.night.text));
    expect(night).toBeChecked();
    expect(screen.getByTestId('promotion-cost')).toHaveTextContent(m.credits(36));
  });

  it("after buying, goes back to 'I miei annunci' instead of a form that now offers 'Estendi' (issue 43)", async () => {
    api.promoteListing.mockResolvedValue(undefined);
    renderAs('giulia');
    fireEvent.click(await screen.findByRole('button', { name: m.buy }));
    expect(await screen.findByRole('heading', { name: 'I miei annunci' })).toBeInTheDocument();
    expect(api.promoteListing.mock.calls[0]![0]).toEqual({ listingId: 'l1', mode: 'day', days: 3, startAt: null });
    expect(screen.queryByRole('button', { name: m.extend })).toBeNull();
  });
});
