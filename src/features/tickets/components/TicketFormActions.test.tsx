import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { TicketFormActions } from './TicketFormActions.tsx';

describe('TicketFormActions', () => {
  it("shows 'Annulla' only in a dialog and the submit with its label", async () => {
    const onCancel = vi.fn();
    const { rerender } = render(<TicketFormActions submitLabel="Invia" pending={false} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: t.tickets.dialog.cancel }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Invia' })).toHaveAttribute('type', 'submit');
    rerender(<TicketFormActions submitLabel="Invia" pending={false} />);
    expect(screen.queryByRole('button', { name: t.tickets.dialog.cancel })).toBeNull();
  });
});
