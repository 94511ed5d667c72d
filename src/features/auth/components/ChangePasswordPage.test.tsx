import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ updatePassword: vi.fn(), fetchRole: vi.fn() }));
vi.mock('../api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
const { default: ChangePasswordPage } = await import('./ChangePasswordPage.tsx');

const m = t.auth;

function page() {
  render(
    <Routes>
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route path="/dashboard" element={<p>cruscotto</p>} />
    </Routes>,
    { route: '/change-password?recovery=1' },
  );
}

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(new RegExp(`^${m.fields.passwordNew}`)), password);
  if (confirm) await userEvent.type(screen.getByLabelText(new RegExp(`^${m.fields.passwordConfirm}`)), confirm);
  await userEvent.click(screen.getByRole('button', { name: m.changePassword.submit }));
}

describe('ChangePasswordPage', () => {
  // A block body: a function returned by beforeEach would run as the test's teardown.
  beforeEach(() => {
    api.updatePassword.mockReset();
  });

  it('wants 8+ characters typed twice alike', async () => {
    page();
    expect(screen.getByText(m.changePassword.recoveryHint)).toBeInTheDocument();
    await fill('corta', 'corta');
    expect(screen.getByText(m.validation.passwordShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${m.fields.passwordNew}`)));
    await fill('password-nuova', '');
    expect(screen.getByText(m.validation.passwordMismatch)).toBeInTheDocument();
    expect(api.updatePassword).not.toHaveBeenCalled();
  }, 20_000);

  it('saves, says so and goes to the dashboard', async () => {
    api.updatePassword.mockResolvedValue({});
    page();
    await fill('password-nuova', 'password-nuova');
    expect(await screen.findByText('cruscotto')).toBeInTheDocument();
    expect(api.updatePassword).toHaveBeenCalledWith('password-nuova');
    expect(await screen.findByText(m.changePassword.success)).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal and stays", async () => {
    api.updatePassword.mockRejectedValue(new ApiError('refused', 'La nuova password deve essere diversa da quella attuale.'));
    page();
    await fill('password-nuova', 'password-nuova');
    expect(await screen.findByText('La nuova password deve essere diversa da quella attuale.')).toBeInTheDocument();
    expect(screen.queryByText('cruscotto')).not.toBeInTheDocument();
  }, 20_000);
});
