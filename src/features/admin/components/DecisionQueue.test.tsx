import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Paper, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@/test/render.tsx';
import { review } from '@/lib/catalogue/review.ts';
import { DecisionQueue, type Decision } from './DecisionQueue.tsx';

const m = review.panel;
type Item = { id: string; title: string };

function Harness({ load, decide }: { load: () => Promise<Item[]>; decide: (d: Decision) => Promise<void> }) {
  const query = useQuery({ queryKey: ['queue'], queryFn: load });
  const mutation = useMutation({ mutationFn: decide });
  return (
    <DecisionQueue
      m={m}
      query={query}
      decide={mutation}
      titleOf={(i) => i.title}
      card={(i, actions) => (
        <Paper component="article" aria-label={i.title}>
          <Text>{i.title}</Text>
          {actions}
        </Paper>
      )}
    />
  );
}

const items = [
  { id: 'a', title: 'Primo annuncio' },
  { id: 'b', title: 'Secondo annuncio' },
];

describe('DecisionQueue', () => {
  it('approves after a confirmation that names the item, without a reason', async () => {
    const decide = vi.fn().mockResolvedValue(undefined);
    render(<Harness load={() => Promise.resolve(items)} decide={decide} />);
    const card = await screen.findByRole('article', { name: 'Secondo annuncio' });
    await userEvent.click(within(card).getByRole('button', { name: m.approve }));
    const dialog = await screen.findByRole('dialog', { name: m.approveTitle });
    expect(within(dialog).getByText(m.approveText('Secondo annuncio'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.approve }));
    await vi.waitFor(() => expect(decide).toHaveBeenCalledWith({ id: 'b', approve: true, reason: '' }, expect.anything()));
    expect(await screen.findByText(m.approved)).toBeInTheDocument();
  });

  it('refuses only with a reason, which it sends', async () => {
    const decide = vi.fn().mockResolvedValue(undefined);
    render(<Harness load={() => Promise.resolve(items)} decide={decide} />);
    const card = await screen.findByRole('article', { name: 'Primo annuncio' });
    await userEvent.click(within(card).getByRole('button', { name: m.refuse }));
    const dialog = await screen.findByRole('dialog', { name: m.refuseTitle });
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.reason)), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: m.refuse }));
    expect(await within(dialog).findByText(m.reasonRequired)).toBeInTheDocument();
    expect(decide).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(new RegExp(m.reason)), 'Foto non sue');
    await userEvent.click(within(dialog).getByRole('button', { name: m.refuse }));
    await vi.waitFor(() => expect(decide).toHaveBeenCalledWith({ id: 'a', approve: false, reason: '   Foto non sue' }, expect.anything()));
    expect(await screen.findByText(m.refused)).toBeInTheDocument();
  });

  it('keeps the dialog open and says so when the decision fails', async () => {
    const decide = vi.fn().mockRejectedValue(new Error('boom'));
    render(<Harness load={() => Promise.resolve(items)} decide={decide} />);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Primo annuncio' })).getByRole('button', { name: m.approve }));
    const dialog = await screen.findByRole('dialog', { name: m.approveTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: m.approve }));
    expect(await screen.findByText(m.failed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: m.approveTitle })).toBeInTheDocument();
  });

  it('says when nothing waits, and when the queue cannot be loaded', async () => {
    const { unmount } = render(<Harness load={() => Promise.resolve([])} decide={vi.fn()} />);
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
    unmount();
    render(<Harness load={() => Promise.reject(new Error('boom'))} decide={vi.fn()} />);
    expect(await screen.findByText(m.loadFailed)).toBeInTheDocument();
  });
});
