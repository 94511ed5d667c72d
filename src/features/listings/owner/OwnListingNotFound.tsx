import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';

const m = t.listingEditor;

/** An owner's screen for a listing that does not exist or is someone else's: said before anything of it shows. */
export function OwnListingNotFound() {
  return (
    <Container size={640} px="sm" py="lg">
      <Stack gap="sm" role="alert">
        <Title order={1} size="h3">
          {m.notFound}
        </Title>
        <Text c="dimmed">{m.notFoundHint}</Text>
        <Button component={Link} to={paths.myListings} variant="light">
          {m.toMyListings}
        </Button>
      </Stack>
    </Container>
  );
}
