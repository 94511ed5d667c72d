import { Link } from 'react-router-dom';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

const m = t.auth.registrationSuccess;

export default function RegistrationSuccessPage() {
  return (
    <Container size={440} px="md" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} size="h2">
            {m.title}
          </Title>
          <Text>{m.text}</Text>
          <Text size="sm" c="dimmed">
            {m.hint}
          </Text>
          <Button component={Link} to="/auth?tab=login">
            {m.toLogin}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
