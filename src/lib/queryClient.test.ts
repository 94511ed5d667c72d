import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError.ts';
import { t } from './catalogue/index.ts';
import { shouldRetry, spendsMoney } from './queryClient.ts';

describe('shouldRetry', () => {
  it('asks again, twice at most, only when the network or the unexpected failed', () => {
    expect(shouldRetry(0, new ApiError('offline', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError('unexpected', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError('offline', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('refused', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('unauthenticated', 'x'))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(true);
  });
});

describe('spendsMoney', () => {
  const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  afterEach(() => setOnline(true));

  it('offline fails at once with the Italian offline message, never reaching the server nor waiting for it', async () => {
    const send = vi.fn(async (n: number) => n * 2);
    const { networkMode, mutationFn } = spendsMoney(send);
    expect(networkMode).toBe('always');
    setOnline(false);
    await expect(mutationFn(1)).rejects.toMatchObject({ kind: 'offline', message: t.common.apiErrors.offline });
    expect(send).not.toHaveBeenCalled();
    setOnline(true);
    await expect(mutationFn(2)).resolves.toBe(4);
  });
});
