/**
 * The bell over realtime: a DELETE of a notification reaches only those
 * who could read it, so no one learns other users' notification ids.
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIET_MS, sleep, subscribed, uniqueChannel, waitFor } from '../support/realtime.ts';
import { admin } from '../support/db.ts';
import { makeUser, type TestUser } from '../support/factories.ts';

type Payload = RealtimePostgresChangesPayload<Record<string, any>>;

const users: TestUser[] = [];
afterAll(async () => {
  for (const u of users) await u.client.removeAllChannels();
});

/** Subscribes `u` to admin_notifications DELETEs and returns the ids it receives. */
async function deletedIdsSeenBy(u: TestUser): Promise<string[]> {
  users.push(u);
  const ids: string[] = [];
  const ch = uniqueChannel(u.client, 'bell-del').on(
    'postgres_changes',
    { event: 'DELETE', schema: 'public', table: 'admin_notifications' },
    (p: Payload) => ids.push((p.old as { id: string }).id),
  );
  await subscribed(ch);
  return ids;
}

async function notify(userId: string | null): Promise<string> {
  const { data, error } = await admin()
    .from('admin_notifications')
    .insert({ user_id: userId, type: 'ticket_reply', message: 'Nuova risposta' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

describe('realtime: admin_notifications DELETE events', () => {
  it('go to the owner (or staff for staff-wide ones), never to another user', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const staff = await makeUser({ role: 'supporto' });
    const [seenA, seenB, seenStaff] = [await deletedIdsSeenBy(a), await deletedIdsSeenBy(b), await deletedIdsSeenBy(staff)];
    const mine = await notify(a.id);
    const staffWide = await notify(null);
    expect((await admin().from('admin_notifications').delete().in('id', [mine, staffWide])).error).toBeNull();
    await waitFor(() => seenA.includes(mine), 3000, "the owner's DELETE");
    await waitFor(() => seenStaff.includes(staffWide), 3000, 'the staff-wide DELETE');
    await sleep(QUIET_MS);
    expect(seenA).toEqual([mine]);
    expect(seenB).toEqual([]);
    expect(seenStaff).toEqual([staffWide]);
  });
});
