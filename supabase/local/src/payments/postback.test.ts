import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PostbackSender } from './postback.ts';

describe('PostbackSender', () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  it('retries with growing pauses until the answer is OK, then stops', async () => {
    const seen: { at: number; query: string }[] = [];
    const server = createServer((req, res) => {
      seen.push({ at: Date.now(), query: req.url!.split('?')[1]! });
      res.end(seen.length < 3 ? 'ERROR - try later' : 'OK');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = () => server.close();
    const sender = new PostbackSender({ baseDelayMs: 40, log: () => undefined });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`;

    expect(await sender.send(url, { saleID: '1', signature: 'abc' })).toBe(false);
    await expect.poll(() => seen.length, { timeout: 3000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.query === 'saleID=1&signature=abc')).toBe(true);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThan(seen[1]!.at - seen[0]!.at);
    sender.stop();
  });

  it('gives up after its attempts and sends nothing once stopped', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res.end('ERROR');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const sender = new PostbackSender({ baseDelayMs: 5, maxDelayMs: 10, attempts: 4, log: () => undefined });
    await sender.send(url, {});
    await expect.poll(() => calls, { timeout: 3000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(4);

    const stopped = new PostbackSender({ baseDelayMs: 50, log: () => undefined });
    await stopped.send(url, {});
    stopped.stop();
    await new Promise((r) => setTimeout(r, 150));
    expect(calls).toBe(5);
  });
});
