import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ requestPasswordReset: vi.fn(), fetchRole: vi.fn() }));
vi.mock('../api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
const { ResetPasswordForm } = await import('./ResetPasswordForm.tsx');

const m = t.auth;

describe('ResetPasswordForm', () => {
  // A block body: a function returned by beforeEach would run as the test's teardown.
  beforeEach(() => {
    api.requestPasswordReset.mockReset();
  });

  it('validates the e-mail inline', async () => {
    render(<ResetPasswordForm onBack={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: m.reset.submit }));
    expect(screen.getByText(m.validation.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(new RegExp(`^${m.fields.email}`)), 'giulia@example');
    await userEvent.click(screen.getByRole('button', { name: m.reset.submit }));
    expect(screen.getByText(m.validation.emailInvalid)).toBeInTheDocument();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('gives the same answer whether the request succeeds or fails', async () => {
    for (const answer of [() => api.requestPasswordReset.mockResolvedValue({}), () => api.requestPasswordReset.mockRejectedValue(new ApiError('refused', 'no'))]) {
      answer();
      const { unmount } = render(<ResetPasswordForm onBack={() => undefined} />);
      await userEvent.type(screen.getByLabelText(new RegExp(`^${m.fields.email}`)), ' giulia@example.it ');
      await userEvent.click(screen.getByRole('button', { name: m.reset.submit }));
      expect(await screen.findByRole('status')).toHaveTextContent(m.reset.sent);
      expect(api.requestPasswordReset).toHaveBeenLastCalledWith('giulia@example.it');
      unmount();
    }
  }, 20_000);
});
