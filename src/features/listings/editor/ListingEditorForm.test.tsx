import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '@/lib/apiError.ts';
import { notifications } from '@mantine/notifications';
import { review } from '@/lib/catalogue/review.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { configure, fireEvent, render, screen, waitFor, within } from '@/test/render.tsx';
import { clearDraft, draftKey, loadDraft, saveDraft, type ListingDraft } from './draftStore.ts';
import { emptyListingForm, LISTING_RULES } from './listingForm.ts';

const fetchCreationBudget = vi.fn();
const createListing = vi.fn();
const fetchReviewStatus = vi.fn();
vi.mock('@/features/listings/api.ts', async (orig) => ({
  ...(await orig<typeof import('@/features/listings/api.ts')>()),
  fetchReviewStatus: (...args: unknown[]) => fetchReviewStatus(...args),
  fetchCreationBudget: (...args: unknown[]) => fetchCreationBudget(...args),
  createListing: (...args: unknown[]) => createListing(...args),
}));

const uploadDraftPhotos = vi.fn();
vi.mock('@/features/photos/index.ts', async (orig) => ({
  ...(await orig<typeof import('@/features/photos/index.ts')>()),
  uploadDraftPhotos: (...args: unknown[]) => uploadDraftPhotos(...args),
}));

const { ListingEditorForm } = await import('./ListingEditorForm.tsx');
// A long form in jsdom on a shared machine: renders take seconds.
configure({ asyncUtilTimeout: 8000 });

const m = t.listingEditor;
const USER = 'a0000000-0000-4000-8000-0000000000aa';
const KEY = draftKey(USER, null);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderNew(draft: ListingDraft | null = null) {
  return render(
    <Routes>
      <Route path="/new-listing" element={<ListingEditorForm userId={USER} draft={draft} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/new-listing' },
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input, textarea' });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

async function fillValid() {
  fireEvent.click(input(m.fields.category));
  fireEvent.click(await screen.findByRole('option', { name: 'Donne', hidden: true }));
  type(m.fields.title, 'Giulia, dolce e raffinata');
  type(m.fields.city, 'Milano');
  type(m.fields.age, '27');
  type(m.fields.description, 'Ragazza solare e simpatica, disponibile per cene e aperitivi.');
}

beforeEach(() => {
  fetchCreationBudget.mockResolvedValue({ cost: 10, credits: 25, maxPhotos: 5 });
  createListing.mockReset();
  fetchReviewStatus.mockReset().mockResolvedValue('approved');
  // Toasts live in one global store: an earlier test's success toast would still be there.
  notifications.clean();
});
afterEach(async () => {
  await clearDraft(KEY);
});

describe('ListingEditorForm (new)', { timeout: 60_000 }, () => {
  it('shows the cost and the balance read from the server', async () => {
    fetchCreationBudget.mockResolvedValue({ cost: 12, credits: 40, maxPhotos: 5 });
    renderNew();
    expect(await screen.findByText(m.cost.line(12))).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent(m.cost.balance(40));
  });

  it("refuses bad input with the trigger's Italian messages and keeps what was typed", async () => {
    renderNew();
    type(m.fields.title, 'Ciao');
    type(m.fields.age, '0');
    type(m.fields.hourlyRate, '-5');
    type(m.fields.description, 'corta');
    fireEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText(LISTING_RULES.title.message)).toBeInTheDocument();
    expect(screen.getByText(LISTING_RULES.age.message)).toBeInTheDocument();
    expect(screen.getByText(LISTING_RULES.hourly_rate.message)).toBeInTheDocument();
    expect(screen.getByText(LISTING_RULES.description.message)).toBeInTheDocument();
    expect(screen.getByText(LISTING_RULES.category.message)).toBeInTheDocument();
    expect(input(m.fields.title).value).toBe('Ciao');
    expect(input(m.fields.description).value).toBe('corta');
    expect(createListing).not.toHaveBeenCalled();
  });

  it('says before any upload that visitors see only the first photo, and a promotion all of them (issue 43)', () => {
    renderNew();
    expect(screen.getByTestId('photos-shown')).toHaveTextContent(m.photosShown.base(5));
    expect(screen.queryAllByTestId('draft-photo')).toHaveLength(0);
  });

  it('counts the description in characters as the database does (an emoji is one)', () => {
    renderNew();
    type(m.fields.description, '😀😀 ciao  ');
    expect(screen.getByTestId('description-counter')).toHaveTextContent(m.fields.counter(7, LISTING_RULES.description.max));
  });

  it('previews the card with HTML shown as text', () => {
    renderNew();
    type(m.fields.title, '<script>alert(1)</script><b>Ciao</b>');
    const preview = screen.getByTestId('listing-preview');
    expect(within(preview).getByRole('heading', { name: '<script>alert(1)</script><b>Ciao</b>' })).toBeInTheDocument();
    expect(preview.querySelector('script, b')).toBeNull();
  });

  it('keeps the draft in IndexedDB and restores it on the next visit', async () => {
    const first = renderNew();
    type(m.fields.title, 'Bozza da non perdere');
    type(m.fields.zone, 'Navigli');
    await waitFor(async () => expect((await loadDraft(KEY))?.values.title).toBe('Bozza da non perdere'));
    first.unmount();
    renderNew(await loadDraft(KEY));
    expect(input(m.fields.title).value).toBe('Bozza da non perdere');
    expect(input(m.fields.zone).value).toBe('Navigli');
    expect(screen.getByTestId('draft-restored')).toBeInTheDocument();
  });

  it('with too few credits says so and sends to /buy-credits with the way back, the draft saved', async () => {
    fetchCreationBudget.mockResolvedValue({ cost: 10, credits: 3, maxPhotos: 5 });
    renderNew();
    expect(await screen.findByText(m.cost.notEnough(10, 3))).toBeInTheDocument();
    await fillValid();
    fireEvent.click(screen.getByTestId('listing-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/buy-credits?redirect=%2Fnew-listing'));
    expect(createListing).not.toHaveBeenCalled();
    expect((await loadDraft(KEY))?.values.title).toBe('Giulia, dolce e raffinata');
  });

  it('a double click on Pubblica creates once, then clears the draft and opens the listing', async () => {
    let resolve!: (v: { id: string }) => void;
    createListing.mockImplementation(() => new Promise((r) => (resolve = r)));
    renderNew();
    await screen.findByTestId('credit-balance');
    await fillValid();
    const button = screen.getByTestId('listing-submit');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(createListing).toHaveBeenCalledTimes(1));
    fireEvent.click(button);
    expect(button).toBeDisabled();
    const args = createListing.mock.calls[0]![0] as { p_creation_key: string; p_title: string };
    expect(args.p_title).toBe('Giulia, dolce e raffinata');
    expect(args.p_creation_key).toMatch(/^[0-9a-f-]{36}$/);
    resolve({ id: 'b0000000-0000-4000-8000-000000000001' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/listing/b0000000-0000-4000-8000-000000000001'));
    expect(createListing).toHaveBeenCalledTimes(1);
    expect(await loadDraft(KEY)).toBeNull();
  });

  it("a listing the database holds for review says 'Annuncio inviato per la revisione', not 'pubblicato' (issue 40)", async () => {
    createListing.mockResolvedValue({ id: 'b0000000-0000-4000-8000-000000000003' });
    fetchReviewStatus.mockResolvedValue('pending');
    renderNew();
    await screen.findByTestId('credit-balance');
    await fillValid();
    fireEvent.click(screen.getByTestId('listing-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/listing/b0000000-0000-4000-8000-000000000003'));
    expect(fetchReviewStatus).toHaveBeenCalledWith('b0000000-0000-4000-8000-000000000003');
    expect(await screen.findByText(review.owner.sentForReview)).toBeInTheDocument();
    expect(screen.queryByText(m.created)).not.toBeInTheDocument();
  });

  it('a network drop says so, keeps the draft and its creation key for the retry', async () => {
    await saveDraft(KEY, { values: { ...emptyListingForm(), title: 'x' }, photos: [], creationKey: 'kept-key', updatedAt: 1 });
    createListing.mockRejectedValue(new ApiError('offline', 'offline'));
    renderNew(await loadDraft(KEY));
    await screen.findByTestId('credit-balance');
    await fillValid();
    fireEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText(m.offline)).toBeInTheDocument();
    expect(input(m.fields.title).value).toBe('Giulia, dolce e raffinata');
    const draft = await loadDraft(KEY);
    expect(draft?.creationKey).toBe('kept-key');
    expect(draft?.values.title).toBe('Giulia, dolce e raffinata');
    expect((createListing.mock.calls[0]![0] as { p_creation_key: string }).p_creation_key).toBe('kept-key');
  });

  it('photos that fail to upload after the listing exists stay in its edit draft, the listing is kept', async () => {
    const blob = (c: string) => new Blob([c], { type: 'image/jpeg' });
    const photos = ['a', 'b'].map((id) => ({ id, cropped: blob(id), original: blob(id) }));
    createListing.mockResolvedValue({ id: 'b0000000-0000-4000-8000-000000000002' });
    uploadDraftPhotos.mockImplementation(async ({ onProgress }: { onProgress: (id: string, f: number) => void }) => {
      onProgress('a', 1);
      onProgress('b', 0.4);
      throw new ApiError('offline', 'Connessione assente.');
    });
    renderNew({ values: emptyListingForm(), photos, creationKey: 'k-photos', updatedAt: 1 });
    await screen.findByTestId('credit-balance');
    await fillValid();
    fireEvent.click(screen.getByTestId('listing-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/edit-listing/b0000000-0000-4000-8000-000000000002'));
    expect(await loadDraft(KEY)).toBeNull();
    const kept = await loadDraft(draftKey(USER, 'b0000000-0000-4000-8000-000000000002'));
    expect(kept?.photos.map((p) => p.id)).toEqual(['b']);
    expect(kept?.listingId).toBe('b0000000-0000-4000-8000-000000000002');
    expect(screen.getByText(m.photosFailed, { exact: false })).toBeInTheDocument();
    await clearDraft(draftKey(USER, 'b0000000-0000-4000-8000-000000000002'));
  });
});
