import { Button, Group } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

/** The ticket forms' buttons: 'Annulla' when the form sits in a dialog, and the submit. */
export function TicketFormActions({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel?: () => void }) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t.tickets.dialog.cancel}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
