import { describe, expect, it } from 'vitest';
import { platformInfo } from '../support/clients.ts';

describe('platform', () => {
  it('answers the auth health check', async () => {
    const res = await fetch(`${platformInfo().url}/auth/v1/health`);
    expect(res.status).toBe(200);
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
