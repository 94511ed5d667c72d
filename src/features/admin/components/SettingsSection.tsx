import { useQuery } from '@tanstack/react-query';
import { Card, Divider, Skeleton, Stack, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { packagesQuery, settingsQuery } from '../queries.ts';
import { SettingsPackageForm } from './SettingsPackageForm.tsx';
import { SettingsValueForm } from './SettingsValueForm.tsx';

const m = t.adminStaff.settings;

function Loading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t.adminStaff.common.loading}>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={56} />
      ))}
    </Stack>
  );
}

/** Impostazioni (admin only; the database refuses other roles' writes): costs, durations, limits and the credit packages. */
export default function SettingsSection() {
  const settings = useQuery(settingsQuery());
  const packages = useQuery(packagesQuery());
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="settings-values">
        <Title order={3} size="h4" id="settings-values" mb="sm">
          {m.settingsTitle}
        </Title>
        {settings.isError ? (
          <LoadError error={settings.error} fallback={m.loadFailed} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Loading />
        ) : (
          <Stack gap="sm" data-testid="settings">
            {settings.data.map((row) => (
              <SettingsValueForm key={`${row.key}:${row.updated_at}`} setting={row} />
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="settings-packages">
        <Title order={3} size="h4" id="settings-packages" mb="sm">
          {m.packagesTitle}
        </Title>
        {packages.isError ? (
          <LoadError error={packages.error} fallback={m.loadFailed} onRetry={() => void packages.refetch()} />
        ) : !packages.data ? (
          <Loading />
        ) : (
          <Stack gap="md" data-testid="packages">
            {packages.data.map((p) => (
              <Stack key={p.id} gap="md">
                <SettingsPackageForm pkg={p} />
                <Divider />
              </Stack>
            ))}
            <Title order={4} size="h5">
              {m.package.add}
            </Title>
            <SettingsPackageForm />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
