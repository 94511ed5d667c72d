import { Container, Stack, Text, Title } from '@mantine/core';

interface LegalDocument {
  title: string;
  updated: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

/** A legal text from the catalogue: title, date, numbered sections. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <Container size="sm" px="md" py="lg" component="article">
      <Title order={1} size="h2">
        {doc.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {doc.updated}
      </Text>
      <Stack gap="md">
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h4" mb={4}>
              {section.heading}
            </Title>
            {section.paragraphs.map((p) => (
              <Text key={p.slice(0, 40)} mb="xs">
                {p}
              </Text>
            ))}
          </section>
        ))}
      </Stack>
    </Container>
  );
}
