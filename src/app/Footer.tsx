import { Link } from '@/lib/router/index.ts';
import { Anchor, Box, Group, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
// By path, not through index.ts: the barrel would pull the support dialog into the first chunk.
import { openSupportDialog } from '@/features/tickets/store.ts';
import { paths } from '@/lib/paths.ts';

const f = t.frame.footer;

/** Termini, Privacy, the 'Assistenza' dialog and the anti-trafficking hotline. */
export function Footer() {
  return (
    <Box component="footer" px="md" py="md" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}>
      <Group component="nav" aria-label={f.nav} justify="center" gap="lg">
        <Anchor component={Link} to={paths.terms} c="gray.8">
          {f.terms}
        </Anchor>
        <Anchor component={Link} to={paths.privacy} c="gray.8">
          {f.privacy}
        </Anchor>
        <Anchor component="button" type="button" c="gray.8" onClick={() => openSupportDialog()}>
          {f.support}
        </Anchor>
      </Group>
      <Text ta="center" size="sm" c="gray.8" mt="xs" data-testid="footer-hotline">
        <Anchor href={t.trust.hotlineTel} c="gray.8" aria-label={t.trust.hotlineCall}>
          {t.trust.hotline}
        </Anchor>
      </Text>
      <Text ta="center" size="xs" c="gray.7" mt="xs">
        {f.copyright(new Date().getFullYear())} · {f.adultsOnly}
      </Text>
    </Box>
  );
}
