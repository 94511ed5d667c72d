import { Button, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError } from '@/lib/toast.ts';
import { exportFileName } from '../model.ts';
import { useExportData } from '../queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** Saves `data` as a dated JSON file through a temporary link. */
function download(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName();
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'I tuoi dati': the GDPR export of everything the account holds, as one JSON file. */
export function DataExportSection() {
  const exportData = useExportData();
  const start = () =>
    exportData.mutate(undefined, {
      onSuccess: download,
      onError: (err) => toastError(failureMessage(err, m.downloadFailed)),
    });

  return (
    <SettingsSection title={m.dataSection}>
      <Text size="sm">{m.dataHint}</Text>
      <Button variant="default" loading={exportData.isPending} onClick={start}>
        {m.download}
      </Button>
    </SettingsSection>
  );
}
