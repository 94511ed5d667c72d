/**
 * A fake push service for the tests: a local HTTP endpoint that records what send-push posts,
 * and the browser's side of Web Push encryption (RFC 8291 / RFC 8188) to read it back. The
 * endpoint is no browser push service: a test must add its origin to the platform
 * (PUSH_EXTRA_ORIGINS and private.extra_push_origins), as only tests do.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** The browser's keys of one push subscription, and how to read a message sent to it. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export function browserKeys(): BrowserKeys {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url'), decrypt: (body) => decrypt(body, ua, authSecret) };
}

/** RFC 8291 / RFC 8188: the user agent's side of Web Push message encryption. */
export function decrypt(body: Buffer, uaPrivate: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  if (rs < 18) throw new Error(`record size ${rs} too small`);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Last record: the data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface FakePushService {
  origin: string;
  received: Received[];
  /** The status the next requests are answered with (201, or 410 for a gone subscription). */
  status: number;
  /** Resolves once `count` requests in all have arrived. */
  next(count: number, timeout?: number): Promise<void>;
  close(): Promise<void>;
}

export async function fakePushService(port = 0): Promise<FakePushService> {
  let waiters: (() => void)[] = [];
  const service: FakePushService = {
    origin: '',
    received: [],
    status: 201,
    next: (count, timeout = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push request after ${service.received.length}`)), timeout);
        const check = () => (service.received.length >= count ? (clearTimeout(timer), resolve()) : waiters.push(check));
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      service.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(service.status).end();
      const ready = waiters;
      waiters = [];
      ready.forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}
