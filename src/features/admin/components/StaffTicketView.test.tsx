import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({
  fetchStaffTicket: vi.fn(),
  fetchTicketMessages: vi.fn(),
  replyToTicket: vi.fn(),
  setTicketStatus: vi.fn(),
}));
vi.mock('../api.ts', () => api);
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
    api.replyToTicket.mockReset().mockResolvedValue(undefined);
    api.setTicketStatus.mockReset().mockResolvedValue(undefined);
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
    await vi.waitFor(() => expect(api.replyToTicket).toHaveBeenCalledWith('t1234567-aaaa', 'Risolto, grazie!'));
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
