import { Link } from 'react-router-dom';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

const m = t.auth.banned;

export default function BannedPage() {
  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2" c="red.8">
            {m.title}
          </Title>
          <Text>{m.text}</Text>
          <Text size="sm" c="dimmed">
            {m.tickets}
          </Text>
          <Group>
            <Button component={Link} to="/my-tickets">
              {m.myTickets}
            </Button>
            <Button component={Link} to="/" variant="default">
              {m.home}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
