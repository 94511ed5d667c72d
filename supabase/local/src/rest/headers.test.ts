import { describe, expect, it } from 'vitest';
import { sqlHeaders } from './headers.ts';

describe('sqlHeaders', () => {
  const req = () =>
    new Request('http://127.0.0.1/rest/v1/rpc/x', {
      headers: { authorization: 'Bearer t', 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'cf-connecting-ip': '198.51.100.1', 'x-real-ip': '198.51.100.2' },
    });

  it('names the client in x-forwarded-for as the trusted proxy header does, and drops what only a gateway sets', () => {
    expect(sqlHeaders(req(), 'x-forwarded-for')).toEqual({ authorization: 'Bearer t', 'x-forwarded-for': '203.0.113.9' });
  });

  it('with no proxy configured, trusts none of the client’s claims: the socket names it', () => {
    const out = sqlHeaders(req(), undefined);
    expect(out['cf-connecting-ip']).toBeUndefined();
    expect(out['x-real-ip']).toBeUndefined();
    expect(out['x-forwarded-for']).not.toContain('203.0.113.9');
  });
});
