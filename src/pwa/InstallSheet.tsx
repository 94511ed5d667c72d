import { Button, Group, Paper, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { promptInstall } from './install.ts';
import type { InstallWay } from './installModel.ts';
import { floatingCard } from './floatingCard.ts';

const m = t.pwa.install;

function ShareIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" style={{ verticalAlign: '-3px' }}>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </svg>
  );
}

/** The invitation itself: our 'Installa' on Chromium, the Home-screen steps on iPhone and iPad. */
export default function InstallSheet({ way, onClose }: { way: InstallWay; onClose: (dismissed: boolean) => void }) {
  const ios = way === 'ios';
  async function install() {
    const accepted = await promptInstall().catch(() => false);
    onClose(!accepted);
  }
  return (
    <Paper
      role="dialog"
      aria-labelledby="install-title"
      aria-describedby="install-text"
      shadow="lg"
      p="md"
      radius="md"
      withBorder
      pos="fixed"
      style={floatingCard(390)}
      data-testid={ios ? 'install-ios' : 'install-invitation'}
    >
      <Text fw={700} id="install-title">
        {ios ? m.iosTitle : m.title}
      </Text>
      <Text size="sm" c="gray.7" id="install-text" mt={4}>
        {ios ? m.iosText : m.text}
      </Text>
      {ios && (
        // A plain list: Mantine's List would add its stylesheet to every first page.
        <ol style={{ margin: '8px 0 0', paddingLeft: 22, fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.6 }}>
          <li>
            {m.iosStep1} <ShareIcon />
          </li>
          <li>{m.iosStep2}</li>
        </ol>
      )}
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" size="sm" onClick={() => onClose(true)}>
          {m.later}
        </Button>
        {!ios && (
          <Button size="sm" onClick={() => void install()}>
            {m.install}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
