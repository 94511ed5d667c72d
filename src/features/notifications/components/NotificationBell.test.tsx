import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { render, screen, waitFor, within } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import type { AppNotification } from '../model.ts';

const api = vi.hoisted(() => ({
  fetchNotifications: vi.fn(),
  markNotificationsRead: vi.fn(),
  subscribeNotifications: vi.fn(),
}));
vi.mock('../api.ts', () => api);
// The outbox is played by a spy: what it is given is this test's business, its sending is not (src/lib/outbox).
const outbox = vi.hoisted(() => ({ enqueue: vi.fn() }));
vi.mock('@/lib/outbox/enqueue.ts', () => outbox);
const { useOutboxStore } = await import('@/lib/outbox/useOutbox.ts');

const { NotificationBell } = await import('./NotificationBell.tsx');
const { useNotificationsStore } = await import('../store.ts');

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const rows: AppNotification[] = [
  { id: 'n1', user_id: 'u1', type: 'ticket_reply', entity_id: 't-42', message: 'Nuova risposta al tuo ticket', is_read: false, created_at: minutesAgo(5) },
  { id: 'n2', user_id: 'u1', type: 'listing_expired', entity_id: 'l-1', message: 'Il tuo annuncio è scaduto', is_read: false, created_at: minutesAgo(120) },
  { id: 'n3', user_id: 'u1', type: 'credits_added', entity_id: null, message: 'Crediti accreditati', is_read: true, created_at: minutesAgo(3000) },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell(staff = false) {
  return render(
    <>
      <NotificationBell userId="u1" staff={staff} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
}

describe('NotificationBell', () => {
  let onChange: () => void = () => undefined;
  beforeEach(() => {
    useNotificationsStore.setState(useNotificationsStore.getInitialState(), true);
    api.fetchNotifications.mockReset().mockResolvedValue(rows.map((r) => ({ ...r })));
    api.markNotificationsRead.mockReset().mockResolvedValue(undefined);
    outbox.enqueue.mockReset().mockResolvedValue(undefined);
    useOutboxStore.setState({ entries: [] });
    api.subscribeNotifications.mockReset().mockImplementation((_scope: unknown, cb: () => void) => {
      onChange = cb;
      return () => undefined;
    });
  });

  it('shows the unread badge and the list with relative Italian times', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: t.notifications.bellLabel(2) });
    expect(api.fetchNotifications).toHaveBeenCalledWith({ kind: 'user', userId: 'u1' });
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    // The heading counts what the badge counts: 2 unread of the 3 listed.
    expect(within(dialog).getByTestId('notifications-unread')).toHaveTextContent(/^Notifiche \(2\)$/);
    expect(within(dialog).getByText('5 minuti fa')).toBeInTheDocument();
    expect(within(dialog).getByText('2 ore fa')).toBeInTheDocument();
    const unreadRows = dialog.querySelectorAll('[data-unread="true"]');
    expect(unreadRows).toHaveLength(2);
  });

  it('marks one read and navigates by type', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.bellLabel(2) }));
    await userEvent.click(await screen.findByText('Nuova risposta al tuo ticket'));
    expect(api.markNotificationsRead).toHaveBeenCalledWith({ kind: 'user', userId: 'u1' }, ['n1']);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/my-tickets/t-42'));
    expect(useNotificationsStore.getState().unread).toBe(1);
  });

  it('only marks read for other types', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.bellLabel(2) }));
    await userEvent.click(await screen.findByText('Il tuo annuncio è scaduto'));
    await waitFor(() => expect(useNotificationsStore.getState().unread).toBe(1));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it("'Segna tutte come lette' reads them here at once and queues it up to the newest one shown", async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.bellLabel(2) }));
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.markAll, hidden: true }));
    await waitFor(() => expect(useNotificationsStore.getState().unread).toBe(0));
    expect(outbox.enqueue).toHaveBeenCalledWith('notificationsRead', { upTo: rows[0]!.created_at }, { userId: 'u1' });
    expect(api.markNotificationsRead).not.toHaveBeenCalled();
  });

  it("while that 'Segna tutte' waits in the outbox, a re-fetch keeps what it covers read, and a newer one unread", async () => {
    const entry = { id: 'e1', kind: 'notificationsRead', payload: { upTo: rows[0]!.created_at }, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null };
    useOutboxStore.setState({ entries: [entry] });
    api.fetchNotifications.mockResolvedValue([{ ...rows[0]!, id: 'n0', created_at: minutesAgo(1) }, ...rows.map((r) => ({ ...r }))]);
    renderBell();
    expect(await screen.findByRole('button', { name: t.notifications.bellLabel(1) })).toBeInTheDocument();
  });

  it('never shows a count below 0: marking read when the count was already lowered elsewhere', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.bellLabel(2) }));
    // The count went to 0 (another tab's 'Segna tutte') before this list caught up.
    useNotificationsStore.setState({ unread: 0 });
    await userEvent.click(await screen.findByText('Nuova risposta al tuo ticket'));
    await waitFor(() => expect(api.markNotificationsRead).toHaveBeenCalled());
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(screen.getByRole('button', { name: t.notifications.bellLabel(0), hidden: true })).toBeInTheDocument();
  });

  it('keeps the state and says so when marking fails', async () => {
    api.markNotificationsRead.mockRejectedValue(new Error('boom'));
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: t.notifications.bellLabel(2) }));
    await userEvent.click(await screen.findByText('Nuova risposta al tuo ticket'));
    expect(await screen.findByText(t.notifications.errors.markOne)).toBeInTheDocument();
    expect(useNotificationsStore.getState().unread).toBe(2);
  });

  it('re-fetches on realtime changes', async () => {
    renderBell();
    await screen.findByRole('button', { name: t.notifications.bellLabel(2) });
    api.fetchNotifications.mockResolvedValue([{ ...rows[0]!, id: 'n0', message: 'Nuovo!' }, ...rows]);
    onChange();
    expect(await screen.findByRole('button', { name: t.notifications.bellLabel(3) })).toBeInTheDocument();
  });

  it('staff read staff-wide notifications; a failure empties the list with the staff message', async () => {
    api.fetchNotifications.mockRejectedValue(new Error('down'));
    renderBell(true);
    expect(await screen.findByText(t.notifications.errors.staffFetch)).toBeInTheDocument();
    expect(api.fetchNotifications).toHaveBeenCalledWith({ kind: 'staff' });
    await userEvent.click(screen.getByRole('button', { name: t.notifications.bellLabel(0) }));
    expect(await screen.findByText(t.notifications.empty)).toBeInTheDocument();
  });

  it('shows the loading placeholder while the first fetch runs', async () => {
    api.fetchNotifications.mockReturnValue(new Promise(() => undefined));
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: t.notifications.bellLabel(0) }));
    expect(await screen.findByText(t.notifications.loading)).toBeInTheDocument();
  });
});
