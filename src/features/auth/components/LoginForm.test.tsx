import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ signIn: vi.fn(), fetchRole: vi.fn() }));
vi.mock('../api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
const { LoginForm, loginErrorMessage } = await import('./LoginForm.tsx');

describe('LoginForm', () => {
  it('validates inline', async () => {
    render(<LoginForm onForgot={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: t.auth.login.submit }));
    expect(screen.getByText(t.auth.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(t.auth.validation.passwordRequired)).toBeInTheDocument();
  });

  it('says when the credentials are wrong', async () => {
    api.signIn.mockRejectedValue(new ApiError('refused', 'I dati inviati non sono validi.', 'invalid_credentials'));
    render(<LoginForm onForgot={() => undefined} />);
    await userEvent.type(screen.getByLabelText(new RegExp(`^${t.auth.fields.email}`)), 'a@b.it');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${t.auth.fields.password}`)), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: t.auth.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.auth.login.invalid);
  });

  it('maps auth errors to Italian', () => {
    expect(loginErrorMessage(new ApiError('refused', 'x', 'email_not_confirmed'))).toBe(t.auth.login.notConfirmed);
    expect(loginErrorMessage(new ApiError('refused', 'x', 'invalid_credentials'))).toBe(t.auth.login.invalid);
    expect(loginErrorMessage(new ApiError('offline', t.common.apiErrors.offline))).toBe(t.common.apiErrors.offline);
    expect(loginErrorMessage(new Error('boom'))).toBe(t.auth.genericError);
  });
});
