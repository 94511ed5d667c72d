import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor, within } from '@/test/render.tsx';
import { submitWrite } from '@/test/outboxDirect.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ fetchSavedSearches: vi.fn(), fetchSavedSearch: vi.fn(), updateSavedSearch: vi.fn(), deleteSavedSearch: vi.fn(), saveSearch: vi.fn() }));
vi.mock('../api.ts', () => api);
vi.mock('@/lib/outbox/submit.ts', async (actual) => ({ ...(await actual<object>()), submitWrite }));
const { default: SavedSearchesPage } = await import('./SavedSearchesPage.tsx');

const s = t.savedSearches;
const row = { id: 's1', name: 'Donne a Milano', alert: 'instant', created_at: '2026-11-20T10:00:00Z', filters: { p_category: 'donne', p_city: 'Milano' } };

describe('SavedSearchesPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    for (const fn of Object.values(api)) fn.mockReset();
  });

  it('lists searches with a link to the search and their alert', async () => {
    api.fetchSavedSearches.mockResolvedValue([row]);
    render(<SavedSearchesPage />);
    const card = await screen.findByTestId('saved-search');
    expect(within(card).getByRole('heading', { name: 'Donne a Milano' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: s.openLabel('Donne a Milano') })).toHaveAttribute('href', '/search?category=donne&city=Milano');
    expect(within(card).getByLabelText(s.alertLabel)).toHaveValue(s.alerts.instant);
    expect(api.fetchSavedSearches).toHaveBeenCalledWith('u1');
  });

  it('says so when there are none', async () => {
    api.fetchSavedSearches.mockResolvedValue([]);
    render(<SavedSearchesPage />);
    expect(await screen.findByText(s.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: s.toSearch })).toHaveAttribute('href', '/search');
  });

  it('deletes only after confirmation', async () => {
    api.fetchSavedSearches.mockResolvedValue([row]);
    api.deleteSavedSearch.mockResolvedValue(undefined);
    render(<SavedSearchesPage />);
    await userEvent.click(await screen.findByRole('button', { name: s.deleteLabel('Donne a Milano') }));
    const dialog = await screen.findByRole('dialog', { name: s.deleteDialog.title });
    expect(api.deleteSavedSearch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: s.deleteDialog.confirm }));
    await waitFor(() => expect(api.deleteSavedSearch).toHaveBeenCalledWith('s1'));
  });

  it('renames, refusing an empty name', async () => {
    api.fetchSavedSearches.mockResolvedValue([row]);
    api.updateSavedSearch.mockResolvedValue(undefined);
    render(<SavedSearchesPage />);
    await userEvent.click(await screen.findByRole('button', { name: s.renameLabel('Donne a Milano') }));
    const dialog = await screen.findByRole('dialog', { name: s.renameDialog.title });
    const input = within(dialog).getByRole('textbox', { name: s.save.name });
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: s.renameDialog.submit }));
    expect(await within(dialog).findByText(s.save.nameRequired)).toBeInTheDocument();
    await userEvent.type(input, 'Milano sera');
    await userEvent.click(within(dialog).getByRole('button', { name: s.renameDialog.submit }));
    await waitFor(() => expect(api.updateSavedSearch).toHaveBeenCalledWith('s1', { name: 'Milano sera' }));
  });
});
