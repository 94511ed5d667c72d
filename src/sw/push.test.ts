import { describe, expect, it } from 'vitest';
import { parsePushPayload } from './push.ts';

describe('push payload', () => {
  it('reads title, body and a same-origin target', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'T', body: 'B', url: '/my-tickets/1' }), { title: 'D' })).toEqual({
      title: 'T',
      body: 'B',
      url: '/my-tickets/1',
      icon: '/icons/icon-192.png',
    });
  });
  it('never opens another origin and survives plain text', () => {
    expect(parsePushPayload(JSON.stringify({ url: 'https://evil.example/' }), { title: 'D' }).url).toBe('/');
    expect(parsePushPayload(JSON.stringify({ url: '//evil.example/' }), { title: 'D' }).url).toBe('/');
    expect(parsePushPayload('ciao', { title: 'D' })).toMatchObject({ title: 'D', body: 'ciao' });
    expect(parsePushPayload(null, { title: 'D' }).title).toBe('D');
  });
  it('takes the unread count for the badge only as a whole number', () => {
    expect(parsePushPayload(JSON.stringify({ badge: 4 }), { title: 'D' }).badge).toBe(4);
    expect(parsePushPayload(JSON.stringify({ badge: 0 }), { title: 'D' }).badge).toBe(0);
    for (const badge of [-1, 1.5, '3', null]) expect(parsePushPayload(JSON.stringify({ badge }), { title: 'D' })).not.toHaveProperty('badge');
  });
});
