import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { ApiError } from '@/lib/apiError.ts';
import { submitWrite } from '@/test/outboxDirect.ts';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ createTicket: vi.fn(), fetchMyTickets: vi.fn() }));
vi.mock('../api.ts', () => api);
vi.mock('@/lib/outbox/submit.ts', async (actual) => ({ ...(await actual<object>()), submitWrite }));
const { SupportForm } = await import('./SupportForm.tsx');

const m = t.tickets;

describe('SupportForm', () => {
  beforeEach(() => {
    api.createTicket.mockReset();
  });

  it("shows the account's e-mail read-only and validates inline", async () => {
    render(<SupportForm defaultEmail="mario@example.it" onSent={() => undefined} />);
    const email = screen.getByLabelText(new RegExp(m.dialog.email));
    expect(email).toHaveValue('mario@example.it');
    expect(email).toHaveAttribute('readonly');
    await userEvent.type(email, 'altro@example.it');
    expect(email).toHaveValue('mario@example.it');
    await userEvent.click(screen.getByRole('button', { name: m.dialog.submit }));
    expect(screen.getByText(m.validation.messageShort)).toBeInTheDocument();
    expect(api.createTicket).not.toHaveBeenCalled();
  });

  it('reports an account without a valid e-mail', async () => {
    render(<SupportForm defaultEmail="mario@" onSent={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: m.dialog.submit }));
    expect(screen.getByText(m.validation.emailInvalid)).toBeInTheDocument();
    expect(api.createTicket).not.toHaveBeenCalled();
  });

  it('sends with the default subject, toasts, resets and calls back', async () => {
    api.createTicket.mockResolvedValue(undefined);
    const onSent = vi.fn();
    render(<SupportForm defaultEmail="mario@example.it" onSent={onSent} />);
    const message = screen.getByLabelText(new RegExp(m.dialog.message));
    await userEvent.type(message, 'Non riesco a pubblicare il mio annuncio.');
    await userEvent.click(screen.getByRole('button', { name: m.dialog.submit }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api.createTicket).toHaveBeenCalledWith(
      { email: 'mario@example.it', message: 'Non riesco a pubblicare il mio annuncio.' },
      { listingId: null, subject: 'Nuova richiesta di supporto generale', clientId: 'client-id' },
    );
    expect(await screen.findByText(m.toasts.sent)).toBeInTheDocument();
    expect(message).toHaveValue('');
  });

  it("shows the server's error, or the generic send failure", async () => {
    api.createTicket
      .mockRejectedValueOnce(new ApiError('refused', 'Troppe richieste, riprova tra un minuto.', '429'))
      .mockRejectedValueOnce(new ApiError('unexpected', t.common.apiErrors.unexpected));
    render(<SupportForm defaultEmail="mario@example.it" onSent={() => undefined} />);
    await userEvent.type(screen.getByLabelText(new RegExp(m.dialog.message)), 'Un messaggio abbastanza lungo.');
    await userEvent.click(screen.getByRole('button', { name: m.dialog.submit }));
    expect(await screen.findByText('Troppe richieste, riprova tra un minuto.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.dialog.submit }));
    expect(await screen.findByText(m.toasts.sendFailed)).toBeInTheDocument();
  });
});
