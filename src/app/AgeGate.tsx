import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

import { AGE_GATE_KEY, ageConfirmed } from './ageGateStorage.ts';

export { AGE_GATE_KEY, ageConfirmed };
const EXEMPT = ['/termini', '/privacy', '/auth/callback', '/banned'];

/** 18+ interstitial for anonymous visitors, remembered on this device (DESIGN 'Adults only'). */
export function AgeGate({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const [confirmed, setConfirmed] = useState(ageConfirmed);
  const m = t.frame.ageGate;
  const opened = !signedIn && !confirmed && !EXEMPT.includes(pathname);

  function confirm() {
    try {
      window.localStorage.setItem(AGE_GATE_KEY, '1');
    } catch {
      /* private mode: remember for this page only */
    }
    setConfirmed(true);
  }

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={m.title}
      overlayProps={{ backgroundOpacity: 0.85, blur: 6 }}
    >
      <Stack gap="sm">
        <Text>{m.text}</Text>
        <Button onClick={confirm} data-autofocus>
          {m.confirm}
        </Button>
        <Button component="a" href="https://www.google.it" variant="default">
          {m.leave}
        </Button>
        <Text size="xs" c="gray.7">
          {m.legalPrefix}{' '}
          <Anchor component={Link} to="/termini" inherit underline="always">
            {t.frame.footer.terms}
          </Anchor>{' '}
          {m.legalAnd}{' '}
          <Anchor component={Link} to="/privacy" inherit underline="always">
            {t.frame.footer.privacy}
          </Anchor>
          .
        </Text>
      </Stack>
    </Modal>
  );
}

export default AgeGate;
