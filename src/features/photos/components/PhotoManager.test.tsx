import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor, within } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({
  fetchListingPhotos: vi.fn(),
  deletePhoto: vi.fn(),
  deleteAllPhotos: vi.fn(),
  setPrimaryPhoto: vi.fn(),
  recropPhoto: vi.fn(),
  uploadDraftPhotos: vi.fn(),
  downloadSource: vi.fn(),
  errorText: (err: unknown) => (err instanceof Error ? err.message : 'x'),
}));
vi.mock('../api.ts', () => api);
const { PhotoManager } = await import('./PhotoManager.tsx');

const m = t.photos.manager;
const photo = (id: string, primary = false) => ({
  id,
  url: `http://x/storage/v1/object/public/listing_photos/u/l/${id}.jpg`,
  is_primary: primary,
  created_at: '2026-11-20T10:00:00Z',
});

describe('PhotoManager', () => {
  beforeEach(() => {
    Object.values(api).forEach((f) => 'mockReset' in f && f.mockReset());
    api.fetchListingPhotos.mockResolvedValue([photo('a', true), photo('b'), photo('c')]);
  });

  it('shows the preview, the grid and the Primaria badge', async () => {
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: m.title });
    expect(await within(dialog).findAllByTestId('photo-thumb')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: m.setPrimary })).toBeDisabled();
    expect(within(dialog).getAllByText(m.primary)).toHaveLength(2); // preview and its thumbnail
  });

  it("counts the listing's photos against the limit of 5, as the editor does", async () => {
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: m.title });
    expect(await within(dialog).findByText(`${t.photos.picker.hint(5)} ${t.photos.picker.count(3, 5)}`)).toBeInTheDocument();
  });

  it('sets another photo primary and toasts', async () => {
    api.setPrimaryPhoto.mockResolvedValue(undefined);
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.select(2) }));
    await userEvent.click(screen.getByRole('button', { name: m.setPrimary }));
    await waitFor(() => expect(api.setPrimaryPhoto).toHaveBeenCalledWith('l', 'b'));
    expect(await screen.findByText(t.photos.toasts.primarySet)).toBeInTheDocument();
  });

  it("asks before 'Elimina foto': 'Annulla' keeps the photo, the red confirm deletes the one selected", async () => {
    api.deletePhoto.mockResolvedValue(undefined);
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.select(2) }));
    await userEvent.click(screen.getByRole('button', { name: m.delete }));
    const confirm = await screen.findByRole('dialog', { name: m.deleteOneTitle });
    expect(confirm).toHaveTextContent(m.deleteOneText(false));
    // The text button, after the header's close button of the same name.
    await userEvent.click(within(confirm).getAllByRole('button', { name: m.cancel }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.deleteOneTitle })).not.toBeInTheDocument());
    expect(api.deletePhoto).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: m.delete }));
    const again = await screen.findByRole('dialog', { name: m.deleteOneTitle });
    await userEvent.click(within(again).getByRole('button', { name: m.deleteOneConfirm }));
    await waitFor(() => expect(api.deletePhoto).toHaveBeenCalledWith('b'));
    expect(await screen.findByText(t.photos.toasts.deleted)).toBeInTheDocument();
  });

  it('says the next photo becomes primary when the primary one is to be deleted', async () => {
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.delete }));
    expect(await screen.findByRole('dialog', { name: m.deleteOneTitle })).toHaveTextContent(m.deleteOneText(true));
  });

  it("says 'Errore durante ...' with the server's message when a delete fails", async () => {
    api.deletePhoto.mockRejectedValue(new ApiError('refused', 'Accesso negato.'));
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.delete }));
    await userEvent.click(await screen.findByRole('button', { name: m.deleteOneConfirm }));
    expect(await screen.findByText(t.photos.errors.delete('Accesso negato.'))).toBeInTheDocument();
    expect(api.deletePhoto).toHaveBeenCalledWith('a');
  });

  it("says why the original could not be read for a re-crop, in the server's words", async () => {
    api.downloadSource.mockRejectedValue(new ApiError('refused', 'Risorsa non trovata.'));
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.select(2) }));
    await userEvent.click(screen.getByRole('button', { name: m.recrop }));
    expect(await screen.findByText(t.photos.errors.recrop('Risorsa non trovata.'))).toBeInTheDocument();
    expect(api.downloadSource).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
    expect(screen.queryByRole('dialog', { name: t.photos.crop.title })).not.toBeInTheDocument();
  });

  it('asks before deleting all, with the text about the listing and Premium', async () => {
    api.deleteAllPhotos.mockResolvedValue(undefined);
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: m.deleteAll }));
    const confirm = await screen.findByRole('dialog', { name: m.deleteAllTitle });
    expect(confirm).toHaveTextContent(m.deleteAllText);
    expect(api.deleteAllPhotos).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: m.deleteAllConfirm }));
    await waitFor(() => expect(api.deleteAllPhotos).toHaveBeenCalledWith('l'));
    expect(await screen.findByText(t.photos.toasts.allDeleted)).toBeInTheDocument();
  });

  it('on verified photos says, before any upload, that a photo added later is not verified (issue 40)', async () => {
    const { unmount } = render(<PhotoManager listingId="l" verifiedAt="2026-11-20T10:00:00Z" opened onClose={() => undefined} />);
    expect(await screen.findByTestId('later-photos-notice')).toHaveTextContent(t.verification.photoChange.laterPhotos);
    unmount();
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    await screen.findAllByTestId('photo-thumb');
    expect(screen.queryByTestId('later-photos-notice')).not.toBeInTheDocument();
  });

  it("says the photos could not be loaded", async () => {
    api.fetchListingPhotos.mockRejectedValue(new ApiError('unexpected', 'boom'));
    render(<PhotoManager listingId="l" opened onClose={() => undefined} />);
    expect((await screen.findAllByText(t.photos.errors.load)).length).toBeGreaterThan(0);
  });
});
