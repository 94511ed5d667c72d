import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import {
  authorLabel, isTicketId, isUserMessage, lastReplyLabel, shortTicketId, sortThread, statusColor, statusLabel, threadActions, ticketPayload,
  validateFirstMessage, validateReply, validateTicketForm,
} from './model.ts';

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
  it('bounds an appeal on both sides, the same first-message rule', () => {
    const appeal = { messageShort: m.messageShort, replyLong: t.tickets.thread.replyLong };
    expect(validateFirstMessage('x'.repeat(19), appeal)).toBe(m.messageShort);
    expect(validateFirstMessage('x'.repeat(5001), appeal)).toBe(t.tickets.thread.replyLong);
    expect(validateFirstMessage('x'.repeat(20), appeal)).toBeNull();
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

describe('ticket thread', () => {
  const labels = t.tickets.thread.author;

  it('labels each author as Utente, Admin or Supporto', () => {
    expect(authorLabel('user', labels)).toBe('Utente');
    expect(authorLabel('admin', labels)).toBe('Admin');
    expect(authorLabel('supporto', labels)).toBe('Supporto');
    expect(authorLabel('robot', labels)).toBe('N/D');
    expect(isUserMessage({ author_role: 'user' })).toBe(true);
    expect(isUserMessage({ author_role: 'supporto' })).toBe(false);
  });

  it('shows times in Italian, Rome time (summer and winter)', () => {
    expect(formatDateTime('2026-07-01T10:05:00Z')).toBe('01/07/2026 12:05');
    expect(formatDateTime('2026-01-15T23:30:00Z')).toBe('16/01/2026 00:30');
  });

  it('orders the thread oldest first, the newest last', () => {
    const msgs = [
      { id: 'b', created_at: '2026-01-02T10:00:00Z' },
      { id: 'a', created_at: '2026-01-01T10:00:00Z' },
      { id: 'c', created_at: '2026-01-02T10:00:00Z' },
    ];
    expect(sortThread(msgs).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(msgs.map((x) => x.id)).toEqual(['b', 'a', 'c']);
  });

  it('allows what the SQL rules allow: reply unless closed, close unless closed, reopen only when resolved', () => {
    expect(threadActions('open', false)).toEqual({ canReply: true, canClose: true, canReopen: false });
    expect(threadActions('in_progress', false)).toEqual({ canReply: true, canClose: true, canReopen: false });
    expect(threadActions('resolved', false)).toEqual({ canReply: true, canClose: true, canReopen: true });
    expect(threadActions('closed', false)).toEqual({ canReply: false, canClose: false, canReopen: false });
    expect(threadActions('open', true)).toEqual({ canReply: false, canClose: false, canReopen: false });
  });

  it('validates a reply in Italian', () => {
    const m = t.tickets.thread;
    expect(validateReply('   ', m)).toBe('Scrivi un messaggio.');
    expect(validateReply('x'.repeat(5001), m)).toBe('Il messaggio può contenere al massimo 5000 caratteri.');
    expect(validateReply(' Grazie! ', m)).toBeNull();
  });

  it('takes only uuids as ticket ids', () => {
    expect(isTicketId('a0000000-0000-4000-8000-000000000005')).toBe(true);
    expect(isTicketId('12345')).toBe(false);
    expect(isTicketId(undefined)).toBe(false);
  });
});
