import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '../store.ts';

const api = vi.hoisted(() => ({ fetchMyBan: vi.fn() }));
vi.mock('../api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
const tickets = vi.hoisted(() => ({ fetchOpenAppeal: vi.fn() }));
vi.mock('@/features/tickets/api.ts', async (orig) => ({ ...(await orig<object>()), ...tickets }));
const { default: BannedPage } = await import('./BannedPage.tsx');

const m = t.auth.banned;
const APPEAL = 'd1a2b3c4-0000-4000-8000-000000000009';

describe('BannedPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u5', email: 'bannato@x.it' }, role: 'banned' });
    api.fetchMyBan.mockResolvedValue({ reason: 'Foto false', banned_at: '2026-11-20T09:00:00Z', created_at: '2026-11-22T10:30:00Z' });
  });

  it('offers the appeal while none is open', async () => {
    tickets.fetchOpenAppeal.mockResolvedValue(null);
    render(<BannedPage />);
    expect(await screen.findByRole('button', { name: m.appeal })).toBeInTheDocument();
    expect(screen.queryByTestId('appeal-open')).not.toBeInTheDocument();
  });

  it('after the one appeal: says it is under review, links its ticket, offers no second one', async () => {
    tickets.fetchOpenAppeal.mockResolvedValue({ id: APPEAL, status: 'open', created_at: '2026-11-23T08:00:00Z' });
    render(<BannedPage />);
    const review = await screen.findByTestId('appeal-open');
    expect(review).toHaveTextContent(m.appealOpen);
    expect(review).toHaveTextContent('#d1a2b3c4');
    expect(screen.getByRole('link', { name: m.appealOpenLink })).toHaveAttribute('href', `/my-tickets/${APPEAL}`);
    expect(screen.queryByRole('button', { name: m.appeal })).not.toBeInTheDocument();
  });

  it('shows the current statement: its reason, since when, and when this reason was given', async () => {
    tickets.fetchOpenAppeal.mockResolvedValue(null);
    render(<BannedPage />);
    expect(await screen.findByTestId('ban-reason')).toHaveTextContent('Foto false');
    expect(screen.getByText(m.since, { exact: false })).toHaveTextContent('20/11/2026');
    expect(screen.getByTestId('ban-reason-date')).toHaveTextContent('22/11/2026');
  });
});
