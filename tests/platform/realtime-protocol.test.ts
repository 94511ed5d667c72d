import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { platformInfo, serviceClient } from '../support/clients.ts';
import { QUIET_MS, RawSocket, sleep, waitFor } from '../support/realtime.ts';
import { signJwt } from '../support/tokens.ts';

const svc = serviceClient();
const sockets: RawSocket[] = [];
async function open(apikey?: string, vsn?: string): Promise<RawSocket> {
  const s = await RawSocket.open(apikey, vsn);
  sockets.push(s);
  return s;
}
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const topic = (p: string) => `realtime:${p}-${Math.random().toString(36).slice(2, 10)}`;

async function insertBoard(title: string): Promise<number> {
  const { data, error } = await svc.from('rt_board').insert({ title }).select().single();
  if (error) throw new Error(error.message);
  return (data as { id: number }).id;
}

describe('realtime Phoenix protocol (raw frames)', () => {
  it('answers a heartbeat with phx_reply ok and the same ref', async () => {
    const s = await open();
    const reply = await s.request(null, 'phoenix', 'heartbeat', {}, '42');
    expect(reply).toEqual([null, '42', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
  });

  it('refuses an upgrade without a valid apikey', async () => {
    await expect(RawSocket.open('not-a-key')).rejects.toThrow(/403/);
    const forged = await signJwt({ role: 'anon' }, 3600, 'y'.repeat(40));
    await expect(RawSocket.open(forged)).rejects.toThrow(/403/);
  });

  it('echoes bindings with numeric ids stable per params, [] when none, and pushes postgres_changes frames', async () => {
    const s = await open();
    const t = topic('raw');
    const params = [
      { event: 'INSERT', schema: 'public', table: 'rt_board' },
      { event: '*', schema: 'public', table: 'rt_board', filter: 'id=gt.0' },
    ];
    const { joinRef, reply } = await s.join(t, params);
    expect(reply[0]).toBe(joinRef);
    expect(reply[4].status).toBe('ok');
    const echoed = reply[4].response.postgres_changes as Array<Record<string, unknown>>;
    expect(echoed.map(({ id, ...rest }) => rest)).toEqual(params);
    expect(echoed.every((b) => typeof b.id === 'number')).toBe(true);
    expect(echoed[0]!.id).not.toBe(echoed[1]!.id);

    const again = await s.join(topic('raw2'), params);
    expect(again.reply[4].response.postgres_changes.map((b: { id: number }) => b.id)).toEqual(echoed.map((b) => b.id));
    const none = await s.join(topic('none'), []);
    expect(none.reply[4]).toEqual({ status: 'ok', response: { postgres_changes: [] } });

    const system = await waitFor(() => s.frames.find((f) => f[2] === t && f[3] === 'system'), 3000, 'system');
    expect(system).toEqual([joinRef, null, t, 'system', { channel: t.slice(9), extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' }]);

    const id = await insertBoard(`raw-${t}`);
    const frame = await waitFor(() => s.changes(t).find((f) => f[4].data.record.id === id), 3000, 'change');
    expect(frame[0]).toBeNull();
    expect(frame[1]).toBeNull();
    expect(frame[4].ids.sort()).toEqual(echoed.map((b) => b.id).sort());
    expect(frame[4].data).toEqual({
      schema: 'public',
      table: 'rt_board',
      commit_timestamp: expect.stringMatching(/Z$/),
      type: 'INSERT',
      columns: [
        { name: 'id', type: 'int8' },
        { name: 'title', type: 'text' },
        { name: 'visible', type: 'bool' },
      ],
      record: { id, title: `raw-${t}`, visible: true },
      errors: null,
    });
  });

  it('stops delivery after phx_leave', async () => {
    const s = await open();
    const t = topic('leave');
    const { joinRef } = await s.join(t, [{ event: '*', schema: 'public', table: 'rt_board' }]);
    const first = await insertBoard('before-leave');
    await waitFor(() => s.changes(t).find((f) => f[4].data.record.id === first), 3000, 'change before leave');
    const reply = await s.request(joinRef, t, 'phx_leave', {});
    expect(reply[4]).toEqual({ status: 'ok', response: {} });
    const count = s.changes(t).length;
    await insertBoard('after-leave');
    await sleep(QUIET_MS);
    expect(s.changes(t)).toHaveLength(count);
  });

  it('survives garbage, binary and malformed frames', async () => {
    const s = await open();
    s.send('not json at all');
    s.send('{"half":');
    s.send('[1,2,3]');
    s.send('[null,"g1","realtime:x","phx_join",null]');
    s.send('[null,null,null,null,null]');
    s.send('{"topic":5,"event":[],"payload":"x"}');
    s.ws.send(Buffer.from([3, 1, 2, 3, 4, 5, 0, 255, 255]), { binary: true });
    s.send('"just a string"');
    s.send(JSON.stringify(['g2', 'g3', 'realtime:unknown', 'access_token', { access_token: 'x' }]));
    const odd = await s.request(null, 'realtime:never-joined', 'weird_event', {});
    expect(odd[4].status).toBe('error');
    const reply = await s.request(null, 'phoenix', 'heartbeat', {});
    expect(reply[4].status).toBe('ok');
    expect(s.closed).toBe(false);
    // A fresh socket still works end to end.
    const s2 = await open();
    const t = topic('after-garbage');
    await s2.join(t, [{ event: 'INSERT', schema: 'public', table: 'rt_board' }]);
    const id = await insertBoard('after-garbage');
    await waitFor(() => s2.changes(t).find((f) => f[4].data.record.id === id), 3000, 'change');
  });

  it('ends a channel with a system error and phx_close when its token expires', async () => {
    const s = await open();
    const t = topic('exp');
    const token = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 2);
    const { joinRef, reply } = await s.join(t, [{ event: '*', schema: 'public', table: 'rt_notes' }], token);
    expect(reply[4].status).toBe('ok');
    const close = await waitFor(() => s.frames.find((f) => f[2] === t && f[3] === 'phx_close'), 5000, 'phx_close');
    expect(close[0]).toBe(joinRef);
    const sys = s.frames.filter((f) => f[2] === t && f[3] === 'system').map((f) => f[4]);
    expect(sys).toContainEqual(expect.objectContaining({ extension: 'system', status: 'error', message: expect.stringMatching(/expired/) }));
  });

  it('rejects an invalid filter at join', async () => {
    const s = await open();
    const { reply } = await s.join(topic('badfilter'), [{ event: '*', schema: 'public', table: 'rt_board', filter: 'id=like.x' }]);
    expect(reply[4].status).toBe('error');
    expect(reply[4].response.reason).toMatch(/filter/);
  });

  it('speaks vsn 1.0.0 object frames too', async () => {
    const url = `${platformInfo().url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${platformInfo().anonKey}&vsn=1.0.0`;
    const ws = new WebSocket(url);
    const frames: any[] = [];
    ws.on('message', (d) => frames.push(JSON.parse((d as Buffer).toString())));
    await new Promise((r) => ws.once('open', r));
    const t = topic('v1');
    ws.send(JSON.stringify({ topic: t, event: 'phx_join', payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_board' }] } }, ref: '1', join_ref: '1' }));
    const reply = await waitFor(() => frames.find((f) => f.ref === '1' && f.event === 'phx_reply'), 3000, 'join reply');
    expect(reply.payload.status).toBe('ok');
    const id = await insertBoard('v1');
    const change = await waitFor(() => frames.find((f) => f.event === 'postgres_changes' && f.payload.data.record.id === id), 3000, 'change');
    expect(change.topic).toBe(t);
    ws.close();
  });
});
