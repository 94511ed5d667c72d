import { Link } from '@/lib/router/index.ts';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';

const m = t.frame.notFound;

export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="sm">
        <Text fz={56} fw={800} c="pink.8" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {m.title}
        </Title>
        <Text>{m.text}</Text>
        <Button component={Link} to={paths.home}>
          {m.home}
        </Button>
      </Stack>
    </Container>
  );
}
