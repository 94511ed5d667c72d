import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { lastReplyLabel, shortTicketId, statusColor, statusLabel, ticketPayload, validateTicketForm } from './model.ts';

const m = t.tickets.validation;

describe('ticket form validation', () => {
  it('requires an e-mail', () => {
    expect(validateTicketForm({ email: '  ', message: 'x'.repeat(20) }, m)).toEqual({ email: "L'email è obbligatoria." });
  });
  it('requires a valid e-mail', () => {
    expect(validateTicketForm({ email: 'mario@', message: 'x'.repeat(20) }, m).email).toBe("L'email non è valida.");
  });
  it('requires at least 20 characters of message', () => {
    expect(validateTicketForm({ email: 'a@b.it', message: 'x'.repeat(19) }, m).message).toBe('Il messaggio deve contenere almeno 20 caratteri.');
    expect(validateTicketForm({ email: 'a@b.it', message: 'x'.repeat(20) }, m)).toEqual({});
  });
  it('does not count surrounding spaces', () => {
    expect(validateTicketForm({ email: 'a@b.it', message: `  ${'x'.repeat(18)}   ` }, m).message).toBeDefined();
  });
});

describe('ticket display', () => {
  it('colours each status badge: open blue, in progress yellow, resolved green, closed and unknown gray', () => {
    expect(['open', 'in_progress', 'resolved', 'closed', 'archiviato'].map(statusColor)).toEqual(['blue', 'yellow', 'green', 'gray', 'gray']);
  });

  it('shows the first 8 characters of the id', () => {
    expect(shortTicketId('0123456789abcdef')).toBe('01234567');
  });
  it('labels status and last reply in Italian, N/D otherwise', () => {
    expect(statusLabel('in_progress', t.tickets.status)).toBe('In Corso');
    expect(lastReplyLabel('supporto', t.tickets.lastRepliedBy)).toBe('Supporto');
    expect(lastReplyLabel(null, t.tickets.lastRepliedBy)).toBe('N/D');
    expect(lastReplyLabel('robot', t.tickets.lastRepliedBy)).toBe('N/D');
  });
  it('builds the create-ticket payload with the default subject', () => {
    expect(ticketPayload({ email: ' a@b.it ', message: ' ciao ' }, { subject: t.tickets.defaultSubject })).toEqual({
      listingId: null,
      senderEmail: 'a@b.it',
      messageContent: 'ciao',
      initialSubject: 'Nuova richiesta di supporto generale',
    });
  });
});
