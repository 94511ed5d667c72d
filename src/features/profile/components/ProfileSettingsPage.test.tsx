import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore } from '@/features/auth/index.ts';

vi.mock('@/pwa/pushSubscription.ts', () => ({ pushSupported: () => false, isPushSubscribed: vi.fn() }));
const api = vi.hoisted(() => ({ fetchOwnProfile: vi.fn(), updateOwnProfile: vi.fn(), deleteMyAccount: vi.fn(), exportMyData: vi.fn() }));
vi.mock('../api.ts', () => api);
const { default: ProfileSettingsPage } = await import('./ProfileSettingsPage.tsx');

const m = t.profile.settings;

describe('ProfileSettingsPage', () => {
  beforeEach(() => {
    api.fetchOwnProfile.mockReset().mockResolvedValue({ id: 'u1', email: 'u@x.it', display_name: 'Ugo', phone: '+393331234567' });
  });

  it('shows the six sections for the signed-in user', async () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    render(<ProfileSettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    const sections = [m.personal, m.emailSection, m.passwordSection, m.pushSection, m.dataSection, m.deleteSection];
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
    expect(await screen.findByDisplayValue('+393331234567')).toBeInTheDocument();
    expect(screen.getByText(m.currentEmail('u@x.it'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.changePassword })).toHaveAttribute('href', '/change-password');
  });

  it('shows nothing without a signed-in user', () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: null, role: null });
    render(<ProfileSettingsPage />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(api.fetchOwnProfile).not.toHaveBeenCalled();
  });
});
