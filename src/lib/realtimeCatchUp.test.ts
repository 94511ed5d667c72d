import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterChange } from './realtimeCatchUp.ts';

/** A screen's list whose reads take their snapshot at once and answer when told to. */
function slowList() {
  const queries = new QueryClient();
  let rows = ['old'];
  const answers: (() => void)[] = [];
  const read = () => {
    const snapshot = rows;
    return new Promise<string[]>((resolve) => answers.push(() => resolve(snapshot)));
  };
  const stop = new QueryObserver(queries, { queryKey: ['reports', 'open'], queryFn: read, retry: false }).subscribe(() => undefined);
  return {
    queries,
    stop,
    write: (row: string) => void (rows = [...rows, row]),
    pending: () => answers.length,
    data: () => queries.getQueryData<string[]>(['reports', 'open']),
    /** Answers every read, including those started meanwhile, until `work` is done. */
    async answerUntil(work: Promise<void>) {
      let done = false;
      void work.then(() => (done = true));
      while (!done) {
        answers.splice(0).forEach((answer) => answer());
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}

describe('refetchAfterChange', () => {
  it('reads again when the change comes during the first read, whose snapshot predates it', async () => {
    const list = slowList();
    expect(list.pending()).toBe(1); // the screen's first read is in flight, its snapshot taken
    list.write('new'); // a report filed now: its change, or the join's catch-up, arrives
    await list.answerUntil(refetchAfterChange(list.queries, ['reports']));
    expect(list.data()).toEqual(['old', 'new']);
    list.stop();
  });

  it('reads again after a change once the list is shown', async () => {
    const list = slowList();
    await list.answerUntil(vi.waitFor(() => expect(list.data()).toEqual(['old'])));
    list.write('new');
    await list.answerUntil(refetchAfterChange(list.queries, ['reports']));
    expect(list.data()).toEqual(['old', 'new']);
    list.stop();
  });
});
