import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ fetchTicket: vi.fn(), subscribeTicket: vi.fn(() => () => undefined), replyTicket: vi.fn(), setTicketStatus: vi.fn() }));
vi.mock('../api.ts', () => api);
const { default: TicketPage } = await import('./TicketPage.tsx');

const m = t.tickets.thread;
const ID = 'd0000000-0000-4000-8000-000000000001';
const ticket = (status: string) => ({
  id: ID,
  subject: 'Foto non caricate',
  status,
  kind: 'support',
  created_at: '2026-11-20T09:30:00Z',
  listing_id: null,
  listings: null,
  ticket_messages: [
    { id: 'm1', author_role: 'user', body: 'Non carica le foto.', created_at: '2026-11-20T09:30:00Z' },
    { id: 'm2', author_role: 'admin', body: 'Ora funziona.', created_at: '2026-11-20T10:00:00Z' },
  ],
});

function renderAt() {
  return render(
    <Routes>
      <Route path="/my-tickets/:ticketId" element={<TicketPage />} />
    </Routes>,
    { route: `/my-tickets/${ID}` },
  );
}

describe('TicketPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    api.fetchTicket.mockReset();
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows the thread with authors and Rome times, subscribes live, and offers reply and reopen on a resolved ticket', async () => {
    api.fetchTicket.mockResolvedValue(ticket('resolved'));
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Foto non caricate' })).toBeInTheDocument();
    expect(screen.getByText(m.author.user)).toBeInTheDocument();
    expect(screen.getByText(m.author.admin)).toBeInTheDocument();
    expect(screen.getByText('20/11/2026 11:00')).toBeInTheDocument();
    expect(api.subscribeTicket).toHaveBeenCalledWith(ID, expect.any(Function));
    expect(screen.getByRole('button', { name: m.reopen })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.close })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.send })).toBeInTheDocument();
  });

  it('reads only for a banned user', async () => {
    useSessionStore.setState({ role: 'banned' });
    api.fetchTicket.mockResolvedValue(ticket('open'));
    renderAt();
    expect(await screen.findByText(m.bannedNotice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.send })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.close })).not.toBeInTheDocument();
  });

  it('says not found for a ticket RLS hides', async () => {
    api.fetchTicket.mockResolvedValue(null);
    renderAt();
    expect(await screen.findByText(m.notFound)).toBeInTheDocument();
  });
});
