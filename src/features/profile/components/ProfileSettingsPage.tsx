import { Container, Stack, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useViewer } from '@/features/auth/index.ts';
import { DataExportSection } from './DataExportSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PersonalSection } from './PersonalSection.tsx';
import { PushSection } from './PushSection.tsx';

const m = t.profile.settings;

/** /profile-settings: the account's settings, one section each. */
export default function ProfileSettingsPage() {
  const { user } = useViewer();
  if (!user) return null;
  return (
    <Container size={560} px="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      <Stack gap="md">
        <PersonalSection user={user} />
        <EmailSection email={user.email} />
        <PasswordSection />
        <PushSection userId={user.id} />
        <DataExportSection />
        <DeleteAccountSection />
      </Stack>
    </Container>
  );
}
