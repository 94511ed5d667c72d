import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

const m = t.frame.errorFallback;

/** RouteErrorBoundary's screen: 'Unexpected Application Error!'. */
export function ErrorFallback() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="sm" role="alert">
        <Title order={1} size="h2">
          {m.heading}
        </Title>
        <Text>{m.text}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{m.reload}</Button>
          <Button component="a" href="/" variant="default">
            {m.home}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
