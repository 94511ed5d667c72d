import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ createTicket: vi.fn(), fetchMyTickets: vi.fn() }));
vi.mock('../api.ts', () => api);
// A browser where push can work and this device is not subscribed: the invite's conditions.
vi.mock('@/pwa/pushSubscription.ts', () => ({ pushSupported: () => true, isPushSubscribed: async () => false }));
const { default: MyTicketsPage } = await import('./MyTicketsPage.tsx');

const m = t.tickets.list;

describe('MyTicketsPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    api.fetchMyTickets.mockReset();
  });

  it('lists tickets with their columns', async () => {
    api.fetchMyTickets.mockResolvedValue([
      {
        id: 'abcdef0123456789',
        subject: 'Problema pagamento',
        status: 'in_progress',
        created_at: '2026-11-20T09:30:00Z',
        updated_at: '2026-11-21T09:30:00Z',
        last_replied_by: 'admin',
        listing_id: 'l1',
        user_id: 'u1',
        reporter_email: 'u@x.it',
        listings: { title: 'Giulia, Milano' },
      },
    ]);
    render(<MyTicketsPage />);
    expect(await screen.findByText('abcdef01')).toBeInTheDocument();
    for (const c of Object.values(m.columns)) expect(screen.getByRole('columnheader', { name: c })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giulia, Milano' })).toHaveAttribute('href', '/listing/l1');
    expect(screen.getByText(t.tickets.status.in_progress)).toBeInTheDocument();
    expect(screen.getByText(t.tickets.lastRepliedBy.admin)).toBeInTheDocument();
    expect(screen.getByText('20/11/2026 10:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.view })).toHaveAttribute('href', '/my-tickets/abcdef0123456789');
  });

  it('shows the empty state with the first-ticket button', async () => {
    api.fetchMyTickets.mockResolvedValue([]);
    render(<MyTicketsPage />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.firstTicket })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.newTicket })).toBeInTheDocument();
  });

  it('offers push just after a ticket was sent, and not again when the list is visited later', async () => {
    api.fetchMyTickets.mockResolvedValue([]);
    const { TICKET_SENT_STATE } = await import('../model.ts');
    const invite = () => screen.queryByRole('region', { name: t.pushInvite.ticket.title });
    function Where() {
      const { pathname, state } = useLocation();
      return <p data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</p>;
    }
    render(
      <>
        <Link to="/my-tickets" state={TICKET_SENT_STATE}>
          sent
        </Link>
        <Link to="/altro">away</Link>
        <Link to="/my-tickets">back</Link>
        <Where />
        <Routes>
          <Route path="/my-tickets" element={<MyTicketsPage />} />
          <Route path="*" element={null} />
        </Routes>
      </>,
      { route: '/altro' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'sent' }));
    expect(await screen.findByRole('region', { name: t.pushInvite.ticket.title })).toBeInTheDocument();
    // The history entry forgets it at once; the invite stays while the list is open.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/my-tickets null'));
    expect(invite()).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'away' }));
    await userEvent.click(screen.getByRole('link', { name: 'back' }));
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    expect(invite()).toBeNull();
  });

  it('says when loading failed', async () => {
    api.fetchMyTickets.mockRejectedValue(new Error('x'));
    render(<MyTicketsPage />);
    expect(await screen.findAllByText(m.loadFailed)).not.toHaveLength(0);
  });
});
