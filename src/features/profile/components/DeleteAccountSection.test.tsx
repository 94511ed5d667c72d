import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { useSessionStore, useViewer } from '@/features/auth/index.ts';

const calls: string[] = [];
const api = vi.hoisted(() => ({ deleteMyAccount: vi.fn() }));
vi.mock('../api.ts', () => api);
const auth = vi.hoisted(() => ({ signOutEverywhere: vi.fn() }));
vi.mock('@/features/auth/index.ts', async (actual) => ({ ...(await actual<typeof import('@/features/auth/index.ts')>()), ...auth }));
const { DeleteAccountSection } = await import('./DeleteAccountSection.tsx');

const m = t.profile.settings;

/** As on the real route: once signed out, the settings screen is gone. */
function SignedInOnly() {
  const { user } = useViewer();
  return user ? <DeleteAccountSection /> : <p>accedi</p>;
}

async function confirmDeletion() {
  render(
    <Routes>
      <Route path="/profile-settings" element={<SignedInOnly />} />
      <Route path="/" element={<p>home</p>} />
    </Routes>,
    { route: '/profile-settings' },
  );
  await userEvent.click(screen.getByRole('button', { name: m.delete }));
  const confirm = await screen.findByRole('button', { name: m.deleteConfirm });
  expect(confirm).toBeDisabled();
  await userEvent.type(screen.getByLabelText(m.deleteConfirmLabel), 'elimina');
  expect(confirm).toBeEnabled();
  await userEvent.click(confirm);
}

describe('DeleteAccountSection', () => {
  beforeEach(() => {
    calls.length = 0;
    useSessionStore.setState({ status: 'ready', roleStatus: 'ready', user: { id: 'u1', email: 'u@x.it' }, role: 'user' });
    api.deleteMyAccount.mockReset().mockImplementation(async () => void calls.push('delete'));
    auth.signOutEverywhere.mockReset().mockImplementation(async () => {
      calls.push('signOut');
      useSessionStore.setState({ user: null, role: null });
    });
  });

  it('deletes after the confirmation word, signs out and goes home', async () => {
    await confirmDeletion();
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    expect(api.deleteMyAccount).toHaveBeenCalledOnce();
    expect(calls).toEqual(['delete', 'signOut']);
  });

  it('goes home even when the sign-out fails, the account being gone', async () => {
    auth.signOutEverywhere.mockRejectedValue(new Error('offline'));
    await confirmDeletion();
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('stays, and says so, when the account cannot be deleted', async () => {
    api.deleteMyAccount.mockRejectedValue(new Error('server down'));
    await confirmDeletion();
    expect(await screen.findByText(m.deleteFailed)).toBeInTheDocument();
    expect(auth.signOutEverywhere).not.toHaveBeenCalled();
    expect(screen.queryByText('home')).not.toBeInTheDocument();
  });
});
