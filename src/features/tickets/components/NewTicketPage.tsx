import { useNavigate } from 'react-router-dom';
import { Container, Paper, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { TICKET_SENT_STATE } from '../model.ts';
import { SupportContent } from './SupportContent.tsx';

/** /new-ticket: the support form as a page (signed-in, not banned). */
export default function NewTicketPage() {
  const navigate = useNavigate();
  return (
    <Container size={560} px="md" py="lg">
      <Title order={1} size="h2">
        {t.tickets.newTicketPage.title}
      </Title>
      <Text c="dimmed" mb="md">
        {t.tickets.newTicketPage.text}
      </Text>
      <Paper withBorder p="md">
        <SupportContent onSent={() => void navigate(paths.myTickets, { state: TICKET_SENT_STATE })} />
      </Paper>
    </Container>
  );
}
