import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError.ts';
import { shouldRetry } from './queryClient.ts';

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
