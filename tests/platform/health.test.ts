import { describe, expect, it } from 'vitest';
import { platformInfo } from '../support/clients.ts';

describe('platform', () => {
  it('answers the auth health check to a caller with the key, and no one else', async () => {
    const { url, anonKey } = platformInfo();
    expect((await fetch(`${url}/auth/v1/health`, { headers: { apikey: anonKey } })).status).toBe(200);
    const refused = await fetch(`${url}/auth/v1/health`);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('No API key found in request');
  });

  it('answers a CORS preflight with the headers supabase-js sends', async () => {
    const res = await fetch(`${platformInfo().url}/rest/v1/anything`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-method': 'PATCH' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
