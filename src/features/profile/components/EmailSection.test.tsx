import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';

const auth = vi.hoisted(() => ({ updateEmail: vi.fn() }));
vi.mock('@/features/auth/index.ts', async (actual) => ({ ...(await actual<typeof import('@/features/auth/index.ts')>()), ...auth }));
const { EmailSection } = await import('./EmailSection.tsx');

const m = t.profile.settings;
const v = t.auth.validation;
const newEmail = () => screen.getByLabelText(m.newEmail);
const send = () => userEvent.click(screen.getByRole('button', { name: m.changeEmail }));

describe('EmailSection', () => {
  beforeEach(() => auth.updateEmail.mockReset().mockResolvedValue({}));

  it('shows the current e-mail and checks the new one', async () => {
    render(<EmailSection email="ugo@example.it" />);
    expect(screen.getByText(m.currentEmail('ugo@example.it'))).toBeInTheDocument();
    await send();
    expect(screen.getByText(v.emailRequired)).toBeInTheDocument();
    await userEvent.type(newEmail(), 'ugo@');
    await send();
    expect(screen.getByText(v.emailInvalid)).toBeInTheDocument();
    expect(auth.updateEmail).not.toHaveBeenCalled();
  });

  it('asks for the change, says a link was sent and empties the field', async () => {
    render(<EmailSection email="ugo@example.it" />);
    await userEvent.type(newEmail(), ' nuovo@example.it ');
    await send();
    expect(await screen.findByText(m.emailChangeSent)).toBeInTheDocument();
    expect(auth.updateEmail).toHaveBeenCalledWith('nuovo@example.it');
    await waitFor(() => expect(newEmail()).toHaveValue(''));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    auth.updateEmail.mockRejectedValueOnce(new ApiError('refused', 'Email già registrata.', '422'));
    render(<EmailSection email="ugo@example.it" />);
    await userEvent.type(newEmail(), 'nuovo@example.it');
    await send();
    expect(await screen.findByText('Email già registrata.')).toBeInTheDocument();
    expect(newEmail()).toHaveValue('nuovo@example.it');
  });
});
