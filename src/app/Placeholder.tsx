import { Container, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

/** A route whose screen a later issue fills. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{t.common.comingSoon}</Text>
    </Container>
  );
}
