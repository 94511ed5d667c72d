import { Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

/** Filled in the next steps. */
export default function AuditLogSection() {
  return <Text c="dimmed">{t.common.comingSoon}</Text>;
}
