import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { common } from '@/lib/catalogue/common.ts';
import { paths } from '@/lib/paths.ts';
import { useSessionStore } from '@/features/auth/index.ts';

const api = vi.hoisted(() => ({ fetchDashboardCounts: vi.fn() }));
vi.mock('../api.ts', () => api);
// The balance and the name come with the own profile.
const profileApi = vi.hoisted(() => ({ fetchOwnProfile: vi.fn() }));
vi.mock('@/features/profile/api.ts', () => profileApi);
const { default: DashboardPage } = await import('./DashboardPage.tsx');

const m = t.profile.dashboard;
const ugo = { id: 'u1', email: 'ugo@x.it', display_name: 'Ugo', phone: null, push_enabled: false, credits: 12, referral_code: 'UGO123' };

describe('DashboardPage', () => {
  beforeEach(() => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'ugo@x.it' }, role: 'user' });
    api.fetchDashboardCounts.mockReset().mockResolvedValue({ listings: 3, openTickets: 1 });
    profileApi.fetchOwnProfile.mockReset().mockResolvedValue(ugo);
  });

  it('opens the wallet, the listings and the tickets from their figures', async () => {
    render(<DashboardPage />);
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(m.credits) })).toHaveAttribute('href', paths.creditHistory);
    expect(screen.getByRole('link', { name: new RegExp(`${m.listings}.*3`) })).toHaveAttribute('href', paths.myListings);
    expect(screen.getByRole('link', { name: new RegExp(m.openTickets) })).toHaveAttribute('href', paths.myTickets);
  });

  it('greets by display name and shows the balance and the counts', async () => {
    render(<DashboardPage />);
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText(m.welcome('Ugo'))).toBeInTheDocument();
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(api.fetchDashboardCounts).toHaveBeenCalledWith({ id: 'u1', email: 'ugo@x.it' });
  });

  it('greets by the e-mail name when there is no display name', async () => {
    profileApi.fetchOwnProfile.mockResolvedValue({ ...ugo, display_name: null });
    render(<DashboardPage />);
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByText(m.welcome('ugo'))).toBeInTheDocument();
  });

  it('says the figures could not load, instead of zeros, and loads them on Riprova', async () => {
    api.fetchDashboardCounts.mockRejectedValueOnce(new ApiError('unexpected', 'boom'));
    render(<DashboardPage />);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: common.retry }));
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.queryByText(m.loadFailed)).not.toBeInTheDocument();
  });

  it('says so when the balance cannot load', async () => {
    profileApi.fetchOwnProfile.mockRejectedValueOnce(new ApiError('offline', common.apiErrors.offline));
    render(<DashboardPage />);
    expect(await screen.findByText(common.apiErrors.offline)).toBeInTheDocument();
  });

  it('links each shortcut to its screen', () => {
    render(<DashboardPage />);
    const links = [
      [m.createListing, paths.newListing],
      [m.myListings, paths.myListings],
      [m.buyCredits, paths.buyCredits],
      [m.creditHistory, paths.creditHistory],
      [m.myCoupons, paths.myCoupons],
      [m.myTickets, paths.myTickets],
      [m.settings, paths.profileSettings],
    ];
    for (const [name, href] of links) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
