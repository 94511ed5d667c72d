/**
 * send-push's own copy of the push-service rule. The database trigger refuses the same
 * addresses first (tests/platform/web-push.test.ts), so only this test sees the function's
 * copy fail: it is what stands between a row written around the trigger and an SSRF.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoint.ts';

afterEach(() => vi.unstubAllEnvs());

describe('isPushServiceEndpoint', () => {
  it('accepts the browsers\' push services over https on the default port', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://push.services.mozilla.com/wpush/v1/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
    ]) expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
  });

  it('refuses http, other hosts, look-alike hosts, ports, credentials and what is not a URL', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://example.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilfcm.googleapis.com/fcm/send/abc',
      'https://push.apple.com/QGx',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/x',
      'fcm.googleapis.com/fcm/send/abc',
      '',
    ]) expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
  });

  it('adds only the exact origins of PUSH_EXTRA_ORIGINS (the local fake push service)', () => {
    vi.stubEnv('PUSH_EXTRA_ORIGINS', 'http://127.0.0.1:54339, http://localhost:9000');
    expect(isPushServiceEndpoint('http://127.0.0.1:54339/push/abc')).toBe(true);
    expect(isPushServiceEndpoint('http://localhost:9000/x')).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:54340/push/abc')).toBe(false);
    expect(isPushServiceEndpoint('https://127.0.0.1:54339/push/abc')).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1/push/abc')).toBe(false);
  });
});
