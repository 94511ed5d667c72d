import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, mayHaveSession } from './authStorage.ts';

describe('mayHaveSession', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is false for a visitor with nothing stored and nothing in the URL', () => {
    expect(mayHaveSession()).toBe(false);
  });

  it('is true when supabase-js has stored a session', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    expect(mayHaveSession()).toBe(true);
  });

  it("is true when an e-mail link's tokens or error are in the URL", () => {
    window.history.replaceState(null, '', '/auth/callback#access_token=a&refresh_token=b&type=signup');
    expect(mayHaveSession()).toBe(true);
    window.history.replaceState(null, '', '/auth/callback#error=access_denied&error_code=otp_expired&error_description=x');
    expect(mayHaveSession()).toBe(true);
    window.history.replaceState(null, '', '/auth/callback?code=abc');
    expect(mayHaveSession()).toBe(true);
  });

  it('ignores unrelated fragments and queries', () => {
    window.history.replaceState(null, '', '/search?city=Milano#main');
    expect(mayHaveSession()).toBe(false);
  });
});
