import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/index.ts';
import { useSessionStore } from '@/features/auth/index.ts';
import { SupportContent } from './SupportContent.tsx';

const m = t.tickets.dialog;

describe('SupportContent', () => {
  beforeEach(() => useSessionStore.setState({ status: 'ready', roleStatus: 'idle', user: null, role: null }));

  it('waits while auth is checked', () => {
    useSessionStore.setState({ status: 'loading' });
    render(<SupportContent onSent={() => undefined} />);
    expect(screen.getByText(m.checking)).toBeInTheDocument();
  });

  it('asks anonymous visitors to sign in, returning to /new-ticket', () => {
    render(<SupportContent onSent={() => undefined} />);
    expect(screen.getByText(m.authRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(m.authRequiredText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.login })).toHaveAttribute('href', '/auth?tab=login&redirect=%2Fnew-ticket');
    expect(screen.getByRole('link', { name: m.register })).toHaveAttribute('href', '/auth?tab=register&redirect=%2Fnew-ticket');
  });

  it('shows the form to signed-in users with their e-mail', () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u1', email: 'giulia@example.it' }, role: 'user' });
    render(<SupportContent onSent={() => undefined} />);
    expect(screen.getByLabelText(new RegExp(m.email))).toHaveValue('giulia@example.it');
  });

  it('offers a banned user the appeal instead of the ticket form', () => {
    useSessionStore.setState({ roleStatus: 'ready', user: { id: 'u1', email: 'bannato@example.it' }, role: 'banned' });
    render(<SupportContent onSent={() => undefined} />);
    expect(screen.getByRole('form', { name: t.tickets.appeal.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.tickets.appeal.submit })).toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(m.email))).not.toBeInTheDocument();
  });
});
