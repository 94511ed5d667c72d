import { describe, expect, it } from 'vitest';
import { bindingId, claimsKey } from './channel.ts';

describe('bindingId', () => {
  it('is a stable non-negative integer per params', () => {
    const a = bindingId({ event: 'INSERT', schema: 'public', table: 't', filter: 'id=eq.1' });
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 27).toBe(true);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 't', filter: 'id=eq.1' })).toBe(a);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 't' })).not.toBe(a);
    expect(bindingId({ event: '*', schema: 'public', table: 't', filter: 'id=eq.1' })).not.toBe(a);
    expect(bindingId({ event: 'INSERT', schema: 'public', table: 't', filter: null })).toBe(bindingId({ event: 'INSERT', schema: 'public', table: 't' }));
  });
});

describe('claimsKey', () => {
  it('groups tokens of one identity regardless of iat/exp and key order', () => {
    const a = claimsKey({ sub: 'u1', role: 'authenticated', iat: 1, exp: 2 });
    expect(claimsKey({ role: 'authenticated', exp: 99, sub: 'u1', iat: 50 })).toBe(a);
    expect(claimsKey({ sub: 'u2', role: 'authenticated', iat: 1, exp: 2 })).not.toBe(a);
    expect(claimsKey({ sub: 'u1', role: 'authenticated', app_metadata: { admin: true } })).not.toBe(a);
  });
});
