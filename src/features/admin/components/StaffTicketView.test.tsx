import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { submitWrite } from '@/test/outboxDirect.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({
  fetchStaffTicket: vi.fn(),
  fetchTicketMessages: vi.fn(),
  setTicketStatus: vi.fn(),
}));
vi.mock('../api.ts', () => api);
// A staff reply goes through the outbox to the same reply_ticket a user's does (tickets' api.ts).
const ticketsApi = vi.hoisted(() => ({ replyTicket: vi.fn() }));
vi.mock('@/features/tickets/api.ts', async (actual) => ({ ...(await actual<object>()), ...ticketsApi }));
vi.mock('@/lib/outbox/submit.ts', async (actual) => ({ ...(await actual<object>()), submitWrite }));
const { useOutboxStore } = await import('@/lib/outbox/useOutbox.ts');
// Mantine's Select scrolls the selected option into view; jsdom has no layout.
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });
const { StaffTicketView } = await import('./StaffTicketView.tsx');

const m = t.admin.tickets;
const ticket = {
  id: 't1234567-aaaa',
  subject: 'Problema con il pagamento',
  status: 'open',
  created_at: '2026-11-23T09:00:00Z',
  updated_at: '2026-11-23T09:00:00Z',
  last_replied_by: 'user',
  listing_id: null,
  user_id: 'u1',
  reporter_email: 'giulia@example.it',
  listings: null,
};

describe('StaffTicketView', { timeout: 15_000 }, () => {
  beforeEach(() => {
    api.fetchStaffTicket.mockReset().mockResolvedValue(ticket);
    api.fetchTicketMessages.mockReset().mockResolvedValue([
      { id: 'm1', author_role: 'user', body: 'Non riesco a pagare i crediti.', created_at: '2026-11-23T09:00:00Z' },
      { id: 'm2', author_role: 'supporto', body: 'Ci guardiamo subito.', created_at: '2026-11-23T09:05:00Z' },
    ]);
    ticketsApi.replyTicket.mockReset().mockResolvedValue(undefined);
    api.setTicketStatus.mockReset().mockResolvedValue(undefined);
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 's1', email: 'supporto@example.it' }, role: 'supporto' });
    useOutboxStore.setState({ entries: [] });
  });

  it('shows the thread with who wrote each message', async () => {
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    expect(await screen.findByRole('heading', { name: ticket.subject })).toBeInTheDocument();
    expect(await screen.findByText('Non riesco a pagare i crediti.')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${m.authors.supporto} ·`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${m.authors.user} ·`))).toBeInTheDocument();
  });

  it('refuses an empty reply and sends a written one', async () => {
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    await screen.findByRole('heading', { name: ticket.subject });
    await userEvent.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByText(m.replyEmpty)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(m.reply), '  Risolto, grazie!  ');
    await userEvent.click(screen.getByRole('button', { name: m.send }));
    await vi.waitFor(() => expect(ticketsApi.replyTicket).toHaveBeenCalledWith('t1234567-aaaa', 'Risolto, grazie!', expect.any(String)));
  });

  it("shows the staff's own reply still in the outbox as waiting, and once only when its row (same client id) has arrived", async () => {
    const queued = (id: string, body: string, userId = 's1') => ({ id, kind: 'ticketReply', payload: { ticketId: ticket.id, body }, userId, createdAt: Date.parse('2026-11-23T10:30:00Z'), attempts: 0, nextAttemptAt: 0, lastError: null });
    useOutboxStore.setState({ entries: [queued('c1', 'Scritta offline.'), queued('c2', 'Già arrivata.'), queued('c3', 'Di un altro.', 's2')] });
    api.fetchTicketMessages.mockResolvedValue([
      { id: 'm1', author_role: 'user', body: 'Non riesco a pagare i crediti.', created_at: '2026-11-23T09:00:00Z', client_id: null },
      { id: 'm2', author_role: 'supporto', body: 'Già arrivata.', created_at: '2026-11-23T10:31:00Z', client_id: 'c2' },
    ]);
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    const thread = await screen.findByRole('list', { name: m.thread });
    await vi.waitFor(() => expect(thread.querySelectorAll('li')).toHaveLength(3));
    const items = [...thread.querySelectorAll('li')];
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Non riesco a pagare i crediti.'),
      expect.stringContaining('Già arrivata.'),
      `${m.authors.supporto} · ${t.pwa.outbox.pending} · 23/11/2026 11:30Scritta offline.`,
    ]);
    expect(items.filter((li) => li.dataset.pending)).toEqual([items[2]]);
  });

  it('says so when the ticket is not there, with no reply box', async () => {
    api.fetchStaffTicket.mockResolvedValue(null);
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    expect(await screen.findByText(m.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.send })).not.toBeInTheDocument();
  });

  it('sets the status', async () => {
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    await screen.findByRole('heading', { name: ticket.subject });
    await userEvent.click(screen.getByRole('combobox', { name: m.setStatus }));
    await userEvent.click(await screen.findByRole('option', { name: t.tickets.status.resolved, hidden: true }));
    await vi.waitFor(() => expect(api.setTicketStatus).toHaveBeenCalledWith('t1234567-aaaa', 'resolved'));
  });

  it('takes no reply on a closed ticket', async () => {
    api.fetchStaffTicket.mockResolvedValue({ ...ticket, status: 'closed' });
    render(<StaffTicketView ticketId="t1234567-aaaa" onBack={() => undefined} />);
    expect(await screen.findByText(m.closedNoReply)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.send })).not.toBeInTheDocument();
  });
});
