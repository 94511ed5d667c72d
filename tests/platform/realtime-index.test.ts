/**
 * The change hub files channels by their `eq` filter's value (issue 28: 5,000 users each on
 * their own filtered channel), so a change looks only at the channels it may concern. What a
 * channel receives must not change: a uuid matches in any case, a number however it is
 * spelled, text only exactly, and filters the index cannot hold (booleans) still match.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { QUIET_MS, realtimeUser, sleep, subscribed, uniqueChannel, waitFor } from '../support/realtime.ts';

const users: { client: { removeAllChannels(): Promise<unknown> } }[] = [];
afterAll(async () => {
  for (const u of users) await u.client.removeAllChannels();
});

describe('realtime channels filed by their eq filter', () => {
  it('delivers by the column type’s equality, indexed or not', async () => {
    const u = await realtimeUser();
    users.push(u);
    const got: Record<string, string[]> = { uuid: [], number: [], bool: [], text: [], other: [] };
    const on = (key: string, filter: string) =>
      subscribed(
        uniqueChannel(u.client, `idx-${key}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes', filter }, (p) =>
          got[key]!.push((p.new as { body: string }).body),
        ),
      );
    await on('uuid', `user_id=eq.${u.id.toUpperCase()}`);
    await on('number', 'score=eq.7.0');
    await on('bool', 'done=eq.true');
    await on('text', 'body=eq.Ciao');
    // Another user's value: filed elsewhere, never delivered here.
    await on('other', `user_id=eq.${crypto.randomUUID()}`);
    const marker = `ciao`;
    const r = await serviceClient().from('rt_notes').insert({ user_id: u.id, body: marker, score: 7, done: true });
    expect(r.error).toBeNull();
    await waitFor(() => got.uuid!.length && got.number!.length && got.bool!.length, 5000, 'the three matching channels');
    await sleep(QUIET_MS);
    expect(got).toEqual({ uuid: [marker], number: [marker], bool: [marker], text: [], other: [] });
  });
});
