import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const dialog = (pending: boolean, handlers: { onConfirm?: () => void; onCancel?: () => void; onClose?: () => void } = {}) =>
  render(
    <ConfirmDialog
      opened
      title="Eliminare la ricerca?"
      cancelLabel="Annulla"
      confirmLabel="Elimina"
      closeLabel="Chiudi"
      pending={pending}
      onConfirm={handlers.onConfirm ?? vi.fn()}
      onCancel={handlers.onCancel}
      onClose={handlers.onClose ?? vi.fn()}
    >
      La ricerca «Milano» sarà eliminata.
    </ConfirmDialog>,
  );

describe('ConfirmDialog', () => {
  it('says what happens and confirms only on the red button', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    dialog(false, { onConfirm, onClose });
    expect(await screen.findByRole('dialog', { name: 'Eliminare la ricerca?' })).toBeInTheDocument();
    expect(screen.getByText('La ricerca «Milano» sarà eliminata.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("sends 'Annulla' to onCancel when given (back to the dialog before it)", async () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    dialog(false, { onCancel, onClose });
    await userEvent.click(await screen.findByRole('button', { name: 'Annulla' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cannot be cancelled or closed while the action runs', async () => {
    const onClose = vi.fn();
    dialog(true, { onClose });
    expect(await screen.findByRole('button', { name: 'Annulla' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
