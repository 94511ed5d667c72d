import { Button, Card, Group, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';

const m = t.money.referral;

/** The invitation link of a referral code. */
export function referralUrl(code: string, origin = window.location.origin): string {
  return `${origin}/auth?tab=register&ref=${encodeURIComponent(code)}`;
}

/** The viewer's referral code and a share button (Web Share where the device has it, else copy). */
export default function ReferralCard({ code }: { code: string }) {
  const url = referralUrl(code);
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ title: m.shareTitle, text: m.shareText, url });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(m.copied);
    } catch {
      toastError(url);
    }
  };
  return (
    <Card withBorder radius="md" p="sm" mt="lg" data-testid="referral-card">
      <Text fw={700}>{m.title}</Text>
      <Text size="sm" c="gray.7" mb="xs">
        {m.text}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text>
          {m.code}:{' '}
          <Text span ff="monospace" fw={700} data-testid="referral-code">
            {code}
          </Text>
        </Text>
        <Button variant="light" onClick={() => void share()}>
          {canShare ? m.share : m.copy}
        </Button>
      </Group>
    </Card>
  );
}
