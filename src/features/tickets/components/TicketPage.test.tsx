import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ fetchTicket: vi.fn(), subscribeTicket: vi.fn(() => () => undefined), replyTicket: vi.fn(), setTicketStatus: vi.fn() }));
vi.mock('../api.ts', () => api);
const { default: TicketPage } = await import('./TicketPage.tsx');
const { useOutboxStore } = await import('@/lib/outbox/useOutbox.ts');

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
    useOutboxStore.setState({ entries: [] });
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows a reply still in the outbox as waiting, with its time, and once only when its row (same client id) has arrived', async () => {
    const queued = (id: string, body: string) => ({ id, kind: 'ticketReply', payload: { ticketId: ID, body }, userId: 'u1', createdAt: Date.parse('2026-11-20T10:30:00Z'), attempts: 0, nextAttemptAt: 0, lastError: null });
    useOutboxStore.setState({ entries: [queued('c1', 'Scritta in treno.'), queued('c2', 'Già arrivata.'), { ...queued('c3', 'Di un altro.'), userId: 'u2' }] });
    const open = ticket('open');
    api.fetchTicket.mockResolvedValue({ ...open, ticket_messages: [...open.ticket_messages, { id: 'm3', author_role: 'user', body: 'Già arrivata.', created_at: '2026-11-20T10:31:00Z', client_id: 'c2' }] });
    renderAt();
    const messages = await screen.findAllByTestId('ticket-message');
    expect(messages.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Non carica le foto.'),
      expect.stringContaining('Ora funziona.'),
      expect.stringContaining('Già arrivata.'),
      expect.stringContaining(`${t.pwa.outbox.pending} · 20/11/2026 11:30Scritta in treno.`),
    ]);
    expect(messages.filter((li) => li.dataset.pending)).toHaveLength(1);
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
