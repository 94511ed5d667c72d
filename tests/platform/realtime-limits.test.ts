/**
 * Realtime's per-client limits (issue 23, item 8): one socket may hold 100 channels and join
 * 100 a second, as Supabase Realtime's defaults; the joins past them are answered at once with
 * Realtime's error reply, so a flood of joins on one socket never stalls the REST API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { RawSocket, waitFor } from '../support/realtime.ts';

const sockets: RawSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const JOINS = 2000;

describe('realtime limits per client', () => {
  it('answers joins past 100 channels or 100 a second with Realtime’s reason, and REST stays fast', async () => {
    const s = await RawSocket.open();
    sockets.push(s);
    const run = Math.random().toString(36).slice(2, 10);
    // Each on a table outside the publication: a join that costs the database a lookup.
    const config = { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [{ event: '*', schema: 'public', table: `nope_${run}` }], private: false };
    for (let i = 1; i <= JOINS; i++) s.send([String(i), String(i), `realtime:flood-${run}-${i}`, 'phx_join', { config }]);

    await new Promise((r) => setTimeout(r, 200));
    const t = performance.now();
    const read = await client().from('books').select('id').limit(1);
    const ms = performance.now() - t;
    expect(read.status).toBe(200);
    expect(ms).toBeLessThan(1000);

    const replies = await waitFor(() => {
      const r = s.frames.filter((f) => f[3] === 'phx_reply');
      return r.length >= JOINS ? r : undefined;
    }, 30_000, `${JOINS} join replies`);
    const ok = replies.filter((f) => f[4].status === 'ok');
    const refused = replies.filter((f) => f[4].status === 'error');
    expect(ok.length).toBeLessThanOrEqual(100);
    expect(ok.length + refused.length).toBe(JOINS);
    const reasons = new Set(refused.map((f) => f[4].response.reason));
    expect([...reasons].every((r) => r === 'Too many channels' || r === 'Too many joins per second')).toBe(true);
    expect(refused[0]![4]).toEqual({ status: 'error', response: { reason: expect.any(String) } });
    // The socket stays open, as Realtime's: only the joins are refused.
    expect(s.closed).toBe(false);
    const beat = await s.request(null, 'phoenix', 'heartbeat', {}, 'beat');
    expect(beat[4]).toEqual({ status: 'ok', response: {} });
  });

  it('refuses the 101st channel with "Too many channels" and takes a join again once one is left', async () => {
    const s = await RawSocket.open();
    sockets.push(s);
    const run = Math.random().toString(36).slice(2, 10);
    const name = (i: number) => `realtime:hold-${run}-${i}`;
    for (let i = 1; i <= 100; i++) expect((await s.join(name(i), [])).reply[4].status).toBe('ok');
    // Joining a topic already joined replaces that channel: still 100.
    expect((await s.join(name(1), [])).reply[4].status).toBe('ok');
    await new Promise((r) => setTimeout(r, 1100)); // past the joins-per-second window
    expect((await s.join(name(101), [])).reply[4]).toEqual({ status: 'error', response: { reason: 'Too many channels' } });
    const left = await s.request(null, name(1), 'phx_leave', {});
    expect(left[4].status).toBe('ok');
    expect((await s.join(name(101), [])).reply[4].status).toBe('ok');
  });
});
