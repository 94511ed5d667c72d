import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/test/render.tsx';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { t } from '@/lib/catalogue/screens.ts';
import { BLOCKED_PENDING, BLOCKED_REJECTED } from '@/lib/catalogue/review.ts';
import { ApiError } from '@/lib/apiError.ts';
import type { Listing } from '../model.ts';
import { makeTestListing } from '@/test/listing.ts';

const api = vi.hoisted(() => ({
  setListingPaused: vi.fn(),
  deleteListing: vi.fn(),
  renewListing: vi.fn(),
  fetchRenewalQuote: vi.fn(),
  fetchMyListings: vi.fn(),
}));
vi.mock('../api.ts', () => api);
vi.mock('@/features/photos/index.ts', () => ({
  PhotoManager: ({ listingId, opened, onClose }: { listingId: string; opened: boolean; onClose: () => void }) =>
    opened ? (
      <div role="dialog" aria-label="Gestisci Foto Annuncio">
        {listingId}
        <button onClick={onClose}>chiudi</button>
      </div>
    ) : null,
}));
const { OwnerCardActions } = await import('./OwnerCardActions.tsx');
const { ListingCard } = await import('../card/ListingCard.tsx');

const m = t.myListings;
const now = new Date();
const at = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();
const listing: Listing & { user_id: string } = {
  ...makeTestListing({ title: 'Sofia a Milano', city: 'Milano', zone: 'Brera', age: 27, description: 'Descrizione', created_at: at(-48), expires_at: at(24 * 20) }),
  user_id: 'u1',
};

const renderCard = (l: Listing & { user_id: string; review_status?: string }, context: 'myListings' | 'owner' | 'admin' = 'myListings') =>
  render(<ListingCard listing={l} footer={<OwnerCardActions listing={l} context={context} viewerId="u1" />} />);
const actions = () => within(screen.getByRole('group', { name: m.actions.label(listing.title) }));

describe('OwnerCardActions', () => {
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    // Toasts live in one global store: earlier tests' toasts would queue this test's.
    notifications.clean();
  });

  it('a live listing on I tuoi annunci: Modifica, Pausa, Promuovi, Elimina; no Gestisci Foto', () => {
    renderCard(listing);
    expect(actions().getByRole('link', { name: m.actions.edit })).toHaveAttribute('href', `/edit-listing/${listing.id}`);
    expect(actions().getByRole('link', { name: m.actions.promote })).toHaveAttribute('href', `/promote-listing/${listing.id}`);
    expect(actions().getByRole('button', { name: m.actions.pause })).toBeEnabled();
    expect(actions().getByRole('button', { name: m.actions.delete })).toBeEnabled();
    expect(actions().queryByRole('button', { name: m.actions.managePhotos })).not.toBeInTheDocument();
    expect(actions().queryByRole('button', { name: m.actions.renew })).not.toBeInTheDocument();
  });

  it('the owner elsewhere gets Gestisci Foto, which opens the photo manager; staff get no promotion', async () => {
    const { unmount } = renderCard(listing, 'owner');
    await userEvent.click(actions().getByRole('button', { name: m.actions.managePhotos }));
    const manager = await screen.findByRole('dialog', { name: 'Gestisci Foto Annuncio' });
    expect(manager).toHaveTextContent(listing.id);
    await userEvent.click(within(manager).getByRole('button', { name: 'chiudi' }));
    expect(screen.queryByRole('dialog', { name: 'Gestisci Foto Annuncio' })).not.toBeInTheDocument();
    unmount();
    renderCard(listing, 'admin');
    expect(actions().queryByRole('link', { name: m.actions.promote })).not.toBeInTheDocument();
  });

  it('a paused listing: grey card, Riprendi, the promotion button disabled with the reason', () => {
    renderCard({ ...listing, is_paused: true, is_premium: true, promotion_mode: 'day', promotion_start_at: at(-1), promotion_end_at: at(24) });
    expect(screen.getByRole('article')).toHaveAttribute('data-paused', 'true');
    expect(screen.getByText(t.listings.card.paused)).toBeInTheDocument();
    expect(actions().getByRole('button', { name: m.actions.resume })).toBeEnabled();
    const promote = actions().getByRole('button', { name: m.actions.promote });
    expect(promote).toBeDisabled();
    expect(promote).toHaveAccessibleDescription(m.promotion.pausedNote);
  });

  it.each([
    ['pending', BLOCKED_PENDING],
    ['rejected', BLOCKED_REJECTED],
  ] as const)('a listing %s: Promuovi, Pausa, Disponibile ora and Rinnovo automatico off, each described by the reason', (status, reason) => {
    renderCard({ ...listing, review_status: status, is_premium: true, promotion_mode: 'day', promotion_start_at: at(-1), promotion_end_at: at(24) });
    expect(screen.getByTestId('review-block')).toHaveTextContent(reason);
    for (const name of [m.actions.promote, m.actions.pause, m.tools.availableOn]) {
      const button = actions().getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(actions().queryByRole('button', { name: m.promotion.activeButton })).not.toBeInTheDocument();
    const autoRenew = screen.getByRole('switch', { name: m.tools.autoRenew });
    expect(autoRenew).toBeDisabled();
    expect(autoRenew).toHaveAccessibleDescription(reason);
    expect(actions().getByRole('link', { name: m.actions.edit })).toBeInTheDocument();
  });

  it("an active promotion opens 'Promozione Attiva' with Chiudi and Estendi (same package)", async () => {
    renderCard({ ...listing, is_premium: true, promotion_mode: 'night', promotion_start_at: at(-1), promotion_end_at: at(24) });
    expect(screen.getByText(t.listings.card.hot)).toBeInTheDocument();
    await userEvent.click(actions().getByRole('button', { name: m.promotion.activeButton }));
    const dialog = await screen.findByRole('dialog', { name: m.promotion.activeTitle });
    expect(within(dialog).getByText('Notte')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: m.promotion.extend })).toHaveAttribute('href', `/promote-listing/${listing.id}?mode=night`);
    await userEvent.click(within(dialog).getByRole('button', { name: m.promotion.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a pending promotion is 'Promozione In Attesa'", async () => {
    renderCard({ ...listing, is_premium: true, promotion_mode: 'day', promotion_start_at: at(5), promotion_end_at: at(24) });
    await userEvent.click(actions().getByRole('button', { name: m.promotion.pendingButton }));
    expect(await screen.findByRole('dialog', { name: m.promotion.pendingTitle })).toBeInTheDocument();
  });

  it('pause: the success toast; a refusal: the server message', async () => {
    api.setListingPaused.mockResolvedValueOnce(undefined);
    renderCard(listing);
    await userEvent.click(actions().getByRole('button', { name: m.actions.pause }));
    expect(api.setListingPaused).toHaveBeenCalledWith(listing.id, true);
    expect(await screen.findByText(m.pauseResume.paused)).toBeInTheDocument();
    api.setListingPaused.mockRejectedValueOnce(new ApiError('refused', "L'annuncio è già in pausa.", '400'));
    await userEvent.click(actions().getByRole('button', { name: m.actions.pause }));
    expect(await screen.findByText("L'annuncio è già in pausa.")).toBeInTheDocument();
  });

  it('an unexpected pause failure shows the catalogue message', async () => {
    api.setListingPaused.mockRejectedValueOnce(new ApiError('unexpected', 'x'));
    renderCard({ ...listing, is_paused: true });
    await userEvent.click(actions().getByRole('button', { name: m.actions.resume }));
    expect(api.setListingPaused).toHaveBeenCalledWith(listing.id, false);
    expect(await screen.findByText(m.pauseResume.failed)).toBeInTheDocument();
  });

  it("delete asks 'Sei assolutamente sicuro?' and deletes only on confirmation", async () => {
    api.deleteListing.mockResolvedValueOnce(undefined);
    renderCard(listing);
    await userEvent.click(actions().getByRole('button', { name: m.actions.delete }));
    const dialog = await screen.findByRole('dialog', { name: m.delete.title });
    expect(within(dialog).getByText(m.delete.text)).toBeInTheDocument();
    expect(api.deleteListing).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: m.delete.confirm }));
    expect(api.deleteListing).toHaveBeenCalledWith(listing.id);
    expect(await screen.findByText(m.delete.deleted)).toBeInTheDocument();
  });

  it('an expired listing says so and renews after showing the cost and balance', async () => {
    api.fetchRenewalQuote.mockResolvedValue({ cost: 10, days: 30, balance: 25 });
    api.renewListing.mockResolvedValueOnce(undefined);
    renderCard({ ...listing, expires_at: at(-2) });
    expect(screen.getByText(/Annuncio scaduto il/)).toBeInTheDocument();
    expect(actions().queryByRole('button', { name: m.actions.pause })).not.toBeInTheDocument();
    expect(actions().queryByRole('link', { name: m.actions.promote })).not.toBeInTheDocument();
    await userEvent.click(actions().getByRole('button', { name: m.actions.renew }));
    const dialog = await screen.findByRole('dialog', { name: m.expired.renewTitle });
    expect(await within(dialog).findByText(m.expired.renewText(10, 30))).toBeInTheDocument();
    expect(within(dialog).getByText(m.expired.balance(25))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.expired.confirm(10) }));
    expect(api.renewListing).toHaveBeenCalledWith(listing.id);
    expect(await screen.findByText(m.expired.renewed)).toBeInTheDocument();
  });

  it('too few credits: no renewal, a link to buy credits', async () => {
    api.fetchRenewalQuote.mockResolvedValue({ cost: 10, days: 30, balance: 3 });
    renderCard({ ...listing, expires_at: at(-2) });
    await userEvent.click(actions().getByRole('button', { name: m.actions.renew }));
    const dialog = await screen.findByRole('dialog', { name: m.expired.renewTitle });
    expect(await within(dialog).findByText(m.expired.insufficient(10, 3))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: m.expired.buyCredits })).toHaveAttribute('href', '/buy-credits');
    expect(within(dialog).queryByRole('button', { name: m.expired.confirm(10) })).not.toBeInTheDocument();
  });
});
