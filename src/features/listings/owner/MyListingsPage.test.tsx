import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';
import type { Listing } from '../model.ts';

const api = vi.hoisted(() => ({
  MY_LISTINGS_PAGE_SIZE: 10,
  fetchMyListings: vi.fn(),
  fetchMyListingPage: vi.fn(),
  setListingPaused: vi.fn(),
  deleteListing: vi.fn(),
  renewListing: vi.fn(),
  fetchRenewalQuote: vi.fn(),
}));
vi.mock('../api.ts', () => api);
const { default: MyListingsPage } = await import('./MyListingsPage.tsx');
// jsdom has no scrolling; changing page scrolls to the top.
window.scrollTo = vi.fn();

const m = t.myListings.page;
const now = Date.now();
const row = (n: number): Listing & { user_id: string } => ({
  id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  user_id: 'u1',
  title: `Annuncio ${n}`,
  category: 'donne',
  city: 'Roma',
  zone: null,
  age: 30,
  description: null,
  created_at: new Date(now - n * 3600_000).toISOString(),
  expires_at: new Date(now + 86400_000 * 10).toISOString(),
  is_premium: false,
  promotion_start_at: null,
  promotion_end_at: null,
  last_bumped_at: null,
  is_paused: false,
  ethnicity: null,
  nationality: null,
  breast_type: null,
  hair_color: null,
  body_type: null,
  eye_color: null,
  meeting_type: null,
  availability_for: null,
  meeting_location: null,
  offered_services: null,
  hourly_rate: null,
  photos: [],
});

describe('MyListingsPage', () => {
  beforeEach(() => {
    api.fetchMyListings.mockReset();
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
  });

  it('skeletons while loading, then the cards with the total', async () => {
    let resolve!: (v: unknown) => void;
    api.fetchMyListings.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    render(<MyListingsPage />, { route: '/my-listings' });
    expect(screen.getByRole('button', { name: new RegExp(t.frame.back) })).toBeInTheDocument();
    expect(screen.getAllByTestId('my-listings-skeleton')).toHaveLength(3);
    resolve({ rows: [row(1), row(2)], total: 2 });
    expect(await screen.findByRole('article', { name: 'Annuncio 1' })).toBeInTheDocument();
    expect(screen.getByTestId('my-listings-total')).toHaveTextContent(m.total(2));
    expect(api.fetchMyListings).toHaveBeenCalledWith('u1', 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('the empty state with its two buttons', async () => {
    api.fetchMyListings.mockResolvedValueOnce({ rows: [], total: 0 });
    render(<MyListingsPage />, { route: '/my-listings' });
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    const empty = within(screen.getByTestId('my-listings-empty'));
    expect(empty.getByRole('link', { name: m.createFirst })).toHaveAttribute('href', '/new-listing');
    expect(empty.getByRole('link', { name: m.toDashboard })).toHaveAttribute('href', '/dashboard');
  });

  it('pages of 10: the next page keeps the previous one on screen until it arrives', async () => {
    api.fetchMyListings.mockImplementation(async (_u: string, page: number) => ({
      rows: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => row((page - 1) * 10 + i + 1)),
      total: 12,
    }));
    render(<MyListingsPage />, { route: '/my-listings' });
    expect(await screen.findByRole('article', { name: 'Annuncio 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText(m.pageOf(1, 2))).toBeInTheDocument();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.fetchMyListings.mockImplementationOnce(async () => (await gate, { rows: [row(11), row(12)], total: 12 }));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    // page 1 stays while page 2 loads: no skeleton
    expect(screen.queryByTestId('my-listings-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Annuncio 1' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: 'Annuncio 11' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(api.fetchMyListings).toHaveBeenLastCalledWith('u1', 2);
  });

  it("opened on one listing (after its promotion, issue 43): the page that has it, its card scrolled to", async () => {
    api.fetchMyListingPage.mockResolvedValue(2);
    api.fetchMyListings.mockImplementation(async (_u: string, page: number) => ({ rows: page === 2 ? [row(11), row(12)] : [row(1)], total: 12 }));
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.getAttribute('aria-labelledby') ?? '');
    });
    render(<MyListingsPage />, { route: `/my-listings?annuncio=${row(12).id}` });
    expect(await screen.findByRole('article', { name: 'Annuncio 12' })).toBeInTheDocument();
    await vi.waitFor(() => expect(scrolled).toContain(`listing-title-${row(12).id}`));
    expect(api.fetchMyListingPage).toHaveBeenCalledWith('u1', row(12).id);
    // Page 1 was never asked for: the skeletons waited for the listing's page.
    expect(api.fetchMyListings.mock.calls.map((c) => c[1])).toEqual([2]);
    expect(screen.getByText(m.pageOf(2, 2))).toBeInTheDocument();
  });

  it('a failed load says so with Riprova', async () => {
    api.fetchMyListings.mockRejectedValueOnce(new Error('boom'));
    render(<MyListingsPage />, { route: '/my-listings' });
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.common.retry })).toBeInTheDocument();
  });
});
