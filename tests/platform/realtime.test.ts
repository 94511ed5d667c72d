import { REALTIME_SUBSCRIBE_STATES, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { client, serviceClient, signedInUser } from '../support/clients.ts';
import { QUIET_MS, realtimeUser, sleep, subscribed, uniqueChannel, waitFor } from '../support/realtime.ts';
import { signJwt } from '../support/tokens.ts';
import { catchUpOnJoin } from '../../src/lib/realtimeCatchUp.ts';

type Payload = RealtimePostgresChangesPayload<Record<string, any>>;

const svc = serviceClient();
const clients: SupabaseClient[] = [];
function track<T extends { client: SupabaseClient }>(u: T): T {
  clients.push(u.client);
  return u;
}
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
});

async function insertNote(row: Record<string, unknown>) {
  const { data, error } = await svc.from('rt_notes').insert(row).select().single();
  if (error) throw new Error(error.message);
  return data as Record<string, any>;
}

const marker = () => `m-${Math.random().toString(36).slice(2, 10)}`;

describe('realtime postgres_changes through supabase-js', () => {
  it('reports SUBSCRIBED and then the "Subscribed to PostgreSQL" system message', async () => {
    const u = track(await realtimeUser());
    const system: any[] = [];
    const ch = uniqueChannel(u.client, 'sys')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, () => undefined)
      .on('system', {}, (m) => system.push(m));
    await subscribed(ch);
    const msg = await waitFor(() => system[0], 3000, 'system message');
    expect(msg).toMatchObject({ extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' });
    expect(msg.channel).toBe(ch.topic.replace(/^realtime:/, ''));
  });

  it("catchUpOnJoin reads again once the channel has joined: a row written before the join is not lost (the app's live lists)", async () => {
    const u = track(await realtimeUser());
    const body = marker();
    // Written after the screen's first read and before its channel joined: no change event carries it.
    await insertNote({ user_id: u.id, body });
    const seen: string[] = [];
    const read = async () => {
      const { data } = await svc.from('rt_notes').select('body').eq('body', body);
      seen.push(...((data ?? []) as { body: string }[]).map((r) => r.body));
    };
    uniqueChannel(u.client, 'catchup')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes', filter: `user_id=eq.${u.id}` }, () => void read())
      .subscribe(catchUpOnJoin(() => void read()));
    expect(await waitFor(() => seen[0], 3000, 'the read on join')).toBe(body);
  });

  it('delivers INSERT, UPDATE and DELETE with converted values, per event binding', async () => {
    const u = track(await realtimeUser());
    const all: Payload[] = [];
    const inserts: Payload[] = [];
    const updates: Payload[] = [];
    const deletes: Payload[] = [];
    const ch = uniqueChannel(u.client, 'crud')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes', filter: `user_id=eq.${u.id}` }, (p) => all.push(p))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `user_id=eq.${u.id}` }, (p) => inserts.push(p))
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'rt_notes', filter: `user_id=eq.${u.id}` }, (p) => updates.push(p))
      .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_notes' }, (p) => deletes.push(p));
    await subscribed(ch);

    const row = await insertNote({ user_id: u.id, body: 'ciao', score: 7, done: true, meta: { a: [1, 2] } });
    const ins = await waitFor(() => inserts[0], 3000, 'INSERT');
    expect(ins).toMatchObject({ schema: 'public', table: 'rt_notes', eventType: 'INSERT', old: {}, errors: null });
    expect(ins.new).toEqual({ id: row.id, user_id: u.id, body: 'ciao', score: 7, done: true, meta: { a: [1, 2] }, created_at: expect.any(String) });
    expect(Date.parse((ins.new as any).created_at)).toBe(Date.parse(row.created_at));
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(ins.commit_timestamp) - Date.now())).toBeLessThan(60_000);

    await sleep(50);
    expect((await svc.from('rt_notes').update({ body: 'ciao ciao' }).eq('id', row.id)).error).toBeNull();
    const upd = await waitFor(() => updates[0], 3000, 'UPDATE');
    expect(upd.eventType).toBe('UPDATE');
    expect(upd.new).toMatchObject({ id: row.id, body: 'ciao ciao', score: 7 });
    expect(upd.old).toEqual({ id: row.id });

    await sleep(50);
    expect((await svc.from('rt_notes').delete().eq('id', row.id)).error).toBeNull();
    const del = await waitFor(() => deletes.find((d) => (d.old as any).id === row.id), 3000, 'DELETE');
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row.id } });

    await sleep(QUIET_MS);
    // '*' with a user_id filter saw INSERT and UPDATE; the DELETE's old record has only the key.
    expect(all.map((p) => p.eventType)).toEqual(['INSERT', 'UPDATE']);
    expect(inserts).toHaveLength(1);
    expect(updates).toHaveLength(1);
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters', async () => {
    const u = track(await realtimeUser());
    const seen: Record<string, number[]> = {};
    const filters = ['score=eq.10', 'score=neq.10', 'score=lt.10', 'score=lte.10', 'score=gt.10', 'score=gte.10', 'score=in.(5,15)', `body=eq.f-${u.id}`];
    let ch = uniqueChannel(u.client, 'filters');
    for (const filter of filters) {
      seen[filter] = [];
      ch = ch.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes', filter }, (p) => seen[filter]!.push((p.new as any).score));
    }
    await subscribed(ch);
    for (const score of [5, 10, 15]) await insertNote({ user_id: u.id, body: score === 15 ? `f-${u.id}` : 'x', score });
    await waitFor(() => seen['score=gte.10']!.length === 2, 3000, 'gte deliveries');
    await sleep(QUIET_MS);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sorted(seen['score=eq.10']!)).toEqual([10]);
    expect(sorted(seen['score=neq.10']!)).toEqual([5, 15]);
    expect(sorted(seen['score=lt.10']!)).toEqual([5]);
    expect(sorted(seen['score=lte.10']!)).toEqual([5, 10]);
    expect(sorted(seen['score=gt.10']!)).toEqual([15]);
    expect(sorted(seen['score=gte.10']!)).toEqual([10, 15]);
    expect(sorted(seen['score=in.(5,15)']!)).toEqual([5, 15]);
    expect(sorted(seen[`body=eq.f-${u.id}`]!)).toEqual([15]);
  });

  it("delivers a row to its owner and not to another user (row-level security)", async () => {
    const a = track(await realtimeUser());
    const b = track(await realtimeUser());
    const gotA: Payload[] = [];
    const gotB: Payload[] = [];
    await subscribed(uniqueChannel(a.client, 'rls-a').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => gotA.push(p)));
    await subscribed(uniqueChannel(b.client, 'rls-b').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => gotB.push(p)));
    const mA = marker();
    await insertNote({ user_id: a.id, body: mA });
    await waitFor(() => gotA.find((p) => (p.new as any).body === mA), 3000, "owner's row");
    const mB = marker();
    await insertNote({ user_id: b.id, body: mB });
    await waitFor(() => gotB.find((p) => (p.new as any).body === mB), 3000, "B's row");
    await sleep(QUIET_MS);
    expect(gotA.every((p) => (p.new as any).user_id === a.id)).toBe(true);
    expect(gotB.every((p) => (p.new as any).user_id === b.id)).toBe(true);
    expect(gotB.some((p) => (p.new as any).body === mA)).toBe(false);
  });

  it("sends a DELETE only to subscribers who could see the row, never another user's ids", async () => {
    const a = track(await realtimeUser());
    const b = track(await realtimeUser());
    const gotA: Payload[] = [];
    const gotB: Payload[] = [];
    const deletes = { event: 'DELETE', schema: 'public', table: 'rt_notes' } as const;
    await subscribed(uniqueChannel(a.client, 'del-a').on('postgres_changes', deletes, (p) => gotA.push(p)));
    await subscribed(uniqueChannel(b.client, 'del-b').on('postgres_changes', deletes, (p) => gotB.push(p)));
    const rowA = await insertNote({ user_id: a.id, body: marker() });
    const rowB = await insertNote({ user_id: b.id, body: marker() });
    expect((await svc.from('rt_notes').delete().eq('id', rowA.id)).error).toBeNull();
    expect((await svc.from('rt_notes').delete().eq('id', rowB.id)).error).toBeNull();
    await waitFor(() => gotA.find((p) => (p.old as any).id === rowA.id), 3000, "A's DELETE");
    await waitFor(() => gotB.find((p) => (p.old as any).id === rowB.id), 3000, "B's DELETE");
    await sleep(QUIET_MS);
    expect(gotA.map((p) => (p.old as any).id)).toEqual([rowA.id]);
    expect(gotB.map((p) => (p.old as any).id)).toEqual([rowB.id]);
    // The check put the row back only for a moment: both stay deleted.
    const { data } = await svc.from('rt_notes').select('id').in('id', [rowA.id, rowB.id]);
    expect(data).toEqual([]);
  });

  it('follows a session signed in through the auth API', async () => {
    const u = await signedInUser();
    clients.push(u.client);
    const got: Payload[] = [];
    await subscribed(uniqueChannel(u.client, 'session').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => got.push(p)));
    const other = marker();
    const mine = marker();
    await insertNote({ user_id: crypto.randomUUID(), body: other });
    await insertNote({ user_id: u.id, body: mine });
    await waitFor(() => got.find((p) => (p.new as any).body === mine), 3000, "the signed-in user's row");
    await sleep(QUIET_MS);
    expect(got.some((p) => (p.new as any).body === other)).toBe(false);
  });

  it('lets the service role see every row', async () => {
    const got: Payload[] = [];
    const s = serviceClient();
    clients.push(s);
    await subscribed(uniqueChannel(s, 'svc').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => got.push(p)));
    const m = marker();
    await insertNote({ user_id: crypto.randomUUID(), body: m });
    await waitFor(() => got.find((p) => (p.new as any).body === m), 3000, 'row for service role');
  });

  it('shows an anonymous subscriber only anon-visible rows', async () => {
    const anon = client();
    clients.push(anon);
    const board: Payload[] = [];
    const notes: Payload[] = [];
    await subscribed(
      uniqueChannel(anon, 'anon')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_board' }, (p) => board.push(p))
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => notes.push(p)),
    );
    const hidden = marker();
    const shown = marker();
    expect((await svc.from('rt_board').insert({ title: hidden, visible: false })).error).toBeNull();
    await insertNote({ user_id: crypto.randomUUID(), body: hidden });
    expect((await svc.from('rt_board').insert({ title: shown, visible: true })).error).toBeNull();
    await waitFor(() => board.find((p) => (p.new as any).title === shown), 3000, 'visible board row');
    await sleep(QUIET_MS);
    expect(board.some((p) => (p.new as any).title === hidden)).toBe(false);
    expect(notes.some((p) => (p.new as any).body === hidden)).toBe(false);
  });

  it('switches visibility when the access token changes', async () => {
    const a = track(await realtimeUser());
    const other = crypto.randomUUID();
    const got: Payload[] = [];
    await subscribed(uniqueChannel(a.client, 'swap').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => got.push(p)));
    const m1 = marker();
    await insertNote({ user_id: other, body: m1 });
    await sleep(QUIET_MS);
    expect(got.some((p) => (p.new as any).body === m1)).toBe(false);

    await a.setToken(await signJwt({ sub: other, role: 'authenticated' }));
    await sleep(200);
    const m2 = marker();
    const m3 = marker();
    await insertNote({ user_id: other, body: m2 });
    await insertNote({ user_id: a.id, body: m3 });
    await waitFor(() => got.find((p) => (p.new as any).body === m2), 3000, "the new identity's row");
    await sleep(QUIET_MS);
    expect(got.some((p) => (p.new as any).body === m3)).toBe(false);
  });

  it('closes the channel when the access token pushed later is invalid', async () => {
    const a = track(await realtimeUser());
    const statuses: string[] = [];
    const system: any[] = [];
    const ch = uniqueChannel(a.client, 'badswap')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, () => undefined)
      .on('system', {}, (m) => system.push(m));
    await new Promise<void>((resolve) => ch.subscribe((s) => (statuses.push(s), s === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED && resolve())));
    await a.setToken(await signJwt({ sub: a.id, role: 'authenticated' }, 3600, 'not-the-platform-secret-at-all-0123456789'));
    await waitFor(() => statuses.includes('CLOSED'), 3000, 'CLOSED');
    expect(system.find((m) => m.status === 'error')).toMatchObject({ extension: 'system', status: 'error' });
  });

  for (const [label, makeToken, reason] of [
    ['a token signed with another secret', () => signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 3600, 'x'.repeat(40)), /InvalidJWTToken/],
    ['an expired token', () => signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, -30), /InvalidJWTToken: Token has expired \d+ seconds ago/],
  ] as const) {
    it(`rejects a join with ${label}`, async () => {
      const u = track(await realtimeUser());
      await u.setToken(await makeToken());
      const ch = uniqueChannel(u.client, 'reject').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, () => undefined);
      await expect(subscribed(ch)).rejects.toThrow(reason);
      await u.client.removeChannel(ch);
    });
  }

  it('never delivers a rolled-back write', async () => {
    const got: Payload[] = [];
    const anon = client();
    clients.push(anon);
    await subscribed(uniqueChannel(anon, 'rollback').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_board' }, (p) => got.push(p)));
    const lost = marker();
    const failed = await svc.from('rt_board').insert([{ title: lost }, { title: 'forbidden' }]);
    expect(failed.error).not.toBeNull();
    const after = marker();
    expect((await svc.from('rt_board').insert({ title: after })).error).toBeNull();
    await waitFor(() => got.find((p) => (p.new as any).title === after), 3000, 'the committed row');
    await sleep(100);
    expect(got.some((p) => (p.new as any).title === lost)).toBe(false);
  });

  it('delivers rows larger than a NOTIFY payload', async () => {
    const got: Payload[] = [];
    const s = serviceClient();
    clients.push(s);
    await subscribed(uniqueChannel(s, 'big').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_bench' }, (p) => got.push(p)));
    const big = 'è'.repeat(20_000);
    const { data } = await s.from('rt_bench').insert({ big }).select().single();
    const p = await waitFor(() => got.find((x) => (x.new as any).id === (data).id), 3000, 'large row');
    expect((p.new as any).big).toBe(big);
  });

  it('reports a table outside the publication with a system error and sends nothing', async () => {
    const s = serviceClient();
    clients.push(s);
    const system: any[] = [];
    const got: Payload[] = [];
    await subscribed(
      uniqueChannel(s, 'unpub')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_unpublished' }, (p) => got.push(p))
        .on('system', {}, (m) => system.push(m)),
    );
    const msg = await waitFor(() => system[0], 3000, 'system message');
    expect(msg).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect((await s.from('rt_unpublished').insert({ body: 'x' })).error).toBeNull();
    await sleep(QUIET_MS);
    expect(got).toHaveLength(0);
  });
});
