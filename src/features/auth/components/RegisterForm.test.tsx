import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ signUp: vi.fn(), signIn: vi.fn(), fetchRole: vi.fn() }));
vi.mock('../api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
const { RegisterForm } = await import('./RegisterForm.tsx');

const f = t.auth.fields;
const v = t.auth.validation;

describe('RegisterForm', () => {
  it('shows every error inline in Italian', async () => {
    render(<RegisterForm referral={null} />);
    await userEvent.click(screen.getByRole('button', { name: t.auth.register.submit }));
    for (const text of [v.displayNameShort, v.emailRequired, v.passwordRequired, v.ageRequired, v.termsRequired]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(api.signUp).not.toHaveBeenCalled();
  });

  it('sends the referral code, 18+ and terms as signup metadata', async () => {
    api.signUp.mockResolvedValue({ user: { id: 'x' }, session: null });
    render(<RegisterForm referral="AMICA10" />);
    expect(screen.getByLabelText(f.referral)).toHaveValue('AMICA10');
    await userEvent.type(screen.getByLabelText(new RegExp(f.displayName)), 'Giulia');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${f.email}`)), 'giulia@example.it');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${f.password}`)), 'password-123');
    await userEvent.type(screen.getByLabelText(new RegExp(f.passwordConfirm)), 'password-123');
    await userEvent.click(screen.getByLabelText(f.age));
    await userEvent.click(screen.getByRole('checkbox', { name: /Accetto/ }));
    await userEvent.click(screen.getByRole('button', { name: t.auth.register.submit }));
    await waitFor(() =>
      expect(api.signUp).toHaveBeenCalledWith({
        displayName: 'Giulia',
        email: 'giulia@example.it',
        password: 'password-123',
        confirm: 'password-123',
        age: true,
        terms: true,
        ref: 'AMICA10',
      }),
    );
  }, 20_000);
});
