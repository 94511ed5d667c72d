import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** 'Password': the way to the change-password screen. */
export function PasswordSection() {
  return (
    <SettingsSection title={m.passwordSection}>
      <Button component={Link} to={paths.changePassword} variant="light">
        {m.changePassword}
      </Button>
    </SettingsSection>
  );
}
