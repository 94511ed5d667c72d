import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '@/features/auth/index.ts';

vi.mock('@/features/notifications/api.ts', () => ({
  fetchNotifications: vi.fn(async () => []),
  markNotificationsRead: vi.fn(async () => undefined),
  subscribeNotifications: vi.fn(() => () => undefined),
}));

// The account menu's avatar reads the own profile's display name.
const profileApi = vi.hoisted(() => ({ fetchOwnProfile: vi.fn() }));
vi.mock('@/features/profile/api.ts', () => profileApi);

const { Header } = await import('./Header.tsx');

describe('Header', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'idle', user: null, role: null });
    profileApi.fetchOwnProfile.mockReset().mockResolvedValue({ id: 's1', email: 'staff@x.it', display_name: null });
  });

  it('offers sign-in to anonymous visitors and no bell', () => {
    render(<Header />);
    expect(screen.getByRole('link', { name: t.frame.header.login })).toHaveAttribute('href', '/auth?tab=login');
    expect(screen.queryByRole('button', { name: /Notifiche/ })).toBeNull();
    expect(screen.queryByText(t.frame.header.adminPanel)).toBeNull();
    expect(screen.getByRole('link', { name: t.frame.header.createListing, hidden: true })).toHaveAttribute('href', '/auth?tab=login&redirect=%2Fnew-listing');
  });

  it('shows the bell, the account menu and the control panel to staff', async () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 's1', email: 'staff@x.it' }, role: 'admin' });
    render(<Header />);
    expect(screen.getByRole('link', { name: t.frame.header.adminPanel })).toHaveAttribute('href', '/admin');
    expect(await screen.findByRole('button', { name: t.notifications.bellLabel(0) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.frame.header.accountButton }));
    expect(await screen.findByText(t.frame.header.accountMenu)).toBeInTheDocument();
    await screen.findByRole('menuitem', { name: t.frame.header.dashboard, hidden: true });
    expect(screen.getByText('staff@x.it')).toBeInTheDocument();
    for (const [label, href] of [
      [t.frame.header.dashboard, '/dashboard'],
      [t.frame.header.myListings, '/my-listings'],
      [t.frame.header.credits, '/credit-history'],
      [t.frame.header.myCoupons, '/my-coupons'],
      [t.frame.header.myTickets, '/my-tickets'],
      [t.frame.header.settings, '/profile-settings'],
    ] as const) {
      expect(screen.getByRole('menuitem', { name: label, hidden: true })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('menuitem', { name: t.frame.header.logout, hidden: true })).toBeInTheDocument();
  });

  it("shows the display name's letter on the avatar, not the e-mail's: 'Luca Test' is L", async () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u1', email: 'nuovo.utente@x.it' }, role: 'user' });
    profileApi.fetchOwnProfile.mockResolvedValue({ id: 'u1', email: 'nuovo.utente@x.it', display_name: 'Luca Test' });
    render(<Header />);
    const account = await screen.findByRole('button', { name: t.frame.header.accountButton });
    await waitFor(() => expect(account).toHaveTextContent(/^L$/));
    expect(profileApi.fetchOwnProfile).toHaveBeenCalledWith('u1');
  });

  it("falls back to the e-mail's letter when there is no display name", async () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u2', email: 'nuovo.utente@x.it' }, role: 'user' });
    render(<Header />);
    const account = await screen.findByRole('button', { name: t.frame.header.accountButton });
    await waitFor(() => expect(account).toHaveTextContent(/^N$/));
  });

  it("shows the e-mail's letter when the profile cannot be read", async () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u3', email: 'nuovo.utente@x.it' }, role: 'user' });
    profileApi.fetchOwnProfile.mockRejectedValue(new ApiError('refused', 'No'));
    render(<Header />);
    const account = await screen.findByRole('button', { name: t.frame.header.accountButton });
    await waitFor(() => expect(account).toHaveTextContent(/^N$/));
  });

  it('hides the control panel from regular users', () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    render(<Header />);
    expect(screen.queryByText(t.frame.header.adminPanel)).toBeNull();
    expect(screen.getByRole('link', { name: t.frame.header.createListing, hidden: true })).toHaveAttribute('href', '/new-listing');
  });
});
