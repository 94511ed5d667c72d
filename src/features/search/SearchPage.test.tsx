import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { act, fireEvent, render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { makeTestListing } from '@/test/listing.ts';

const searchListings = vi.fn();
const countListings = vi.fn();
vi.mock('@/features/listings/api.ts', async (orig) => ({
  ...(await orig<typeof import('@/features/listings/api.ts')>()),
  searchListings: (...args: unknown[]) => searchListings(...args),
  countListings: (...args: unknown[]) => countListings(...args),
}));
// jsdom has no layout: 'Cerca' scrolls to the results.
Element.prototype.scrollIntoView = () => undefined;

const { default: SearchPage } = await import('./SearchPage.tsx');

function Where() {
  const l = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{l.search}</output>
      <button onClick={() => navigate(-1)}>Indietro</button>
      <button onClick={() => navigate(1)}>Avanti</button>
    </>
  );
}

const row = (i: number) => ({
  ...makeTestListing({
    id: `b0000000-0000-4000-8000-00000000000${i}`,
    title: `Annuncio numero ${i}`,
    zone: null,
    age: 30,
    description: 'Descrizione di prova abbastanza lunga',
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 864e5).toISOString(),
  }),
  promoted: false,
  rank_at: new Date().toISOString(),
});

const page = (
  <Routes>
    <Route
      path="/search"
      element={
        <>
          <SearchPage />
          <Where />
        </>
      }
    />
  </Routes>
);

beforeEach(() => {
  searchListings.mockReset();
  countListings.mockReset().mockResolvedValue(0);
});

describe('SearchPage', { timeout: 20_000 }, () => {
  it('reads the filters from the URL, shows the results and the real total, filters closed', async () => {
    searchListings.mockResolvedValue({ rows: [row(1), row(2)], next: { promoted: false, rankAt: row(2).rank_at, id: row(2).id } });
    countListings.mockResolvedValue(128);
    render(page, { route: '/search?city=Roma&q=cena&hair_color=mora' });
    expect(await screen.findByText('Annuncio numero 1')).toBeInTheDocument();
    expect(searchListings).toHaveBeenCalledWith({ city: 'Roma', query: 'cena', hair_color: ['mora'] });
    // The total is asked once the first page is drawn, a render after the cards appear.
    await waitFor(() => expect(countListings).toHaveBeenCalledWith({ city: 'Roma', query: 'cena', hair_color: ['mora'] }));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('128 annunci'));
    expect(screen.getByRole('button', { name: 'Filtri (2)' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'oltre 1.000 annunci' when the total stops at its cap (1001), the exact number up to 1000", async () => {
    searchListings.mockResolvedValue({ rows: [row(1)], next: null });
    countListings.mockResolvedValue(1001);
    const { unmount } = render(page, { route: '/search?city=Roma' });
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('oltre 1.000 annunci'));
    unmount();
    countListings.mockResolvedValue(1000);
    render(page, { route: '/search?city=Milano' });
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('1000 annunci'));
    expect(screen.getByTestId('result-count')).not.toHaveTextContent('oltre');
  });

  it('shows the Italian empty state', async () => {
    searchListings.mockResolvedValue({ rows: [], next: null });
    render(page, { route: '/search?city=Nessuna' });
    expect(await screen.findByText(t.search.empty)).toBeInTheDocument();
  });

  it('writes a new text query into the URL', async () => {
    searchListings.mockResolvedValue({ rows: [], next: null });
    render(page, { route: '/search?city=Roma' });
    const box = screen.getByRole('searchbox', { name: t.search.query });
    fireEvent.change(box, { target: { value: 'tantra' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?q=tantra&city=Roma'));
    await waitFor(() => expect(searchListings).toHaveBeenLastCalledWith({ query: 'tantra', city: 'Roma' }));
  });

  it('shows the URL\'s text after Back, even when Back comes before the new search has rendered', async () => {
    searchListings.mockResolvedValue({ rows: [row(1)], next: null });
    render(page, { route: '/search?q=cena' });
    const box = screen.getByRole('searchbox', { name: t.search.query });
    await waitFor(() => expect(box).toHaveValue('cena'));
    fireEvent.change(box, { target: { value: 'massaggio' } });
    // A quick Back on a slow phone: both navigations render together, and the text typed for
    // the search that was left must not stay in the box.
    act(() => {
      fireEvent.submit(box.closest('form')!);
      fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?q=cena'));
    expect(box).toHaveValue('cena');
    // And Forward shows the search that was sent.
    fireEvent.click(screen.getByRole('button', { name: 'Avanti' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?q=massaggio'));
    expect(box).toHaveValue('massaggio');
  });
});
