import { describe, expect, it } from 'vitest';
import { PULL_MAX_PX, PULL_RELOAD_DELAY_MS, PULL_TRIGGER_PX, pullDistance, pullProgress, pullReady } from './pullToRefresh.ts';

describe('pull-to-refresh constants', () => {
  it('triggers at 80 px, reloads after 500 ms, pulls at most 1.5 x 80 px', () => {
    expect(PULL_TRIGGER_PX).toBe(80);
    expect(PULL_RELOAD_DELAY_MS).toBe(500);
    expect(PULL_MAX_PX).toBe(120);
  });
  it('follows the finger down, never up, and stops at the maximum', () => {
    expect(pullDistance(100, 150)).toBe(50);
    expect(pullDistance(100, 60)).toBe(0);
    expect(pullDistance(0, 500)).toBe(120);
  });
  it('is ready from 80 px', () => {
    expect(pullReady(79)).toBe(false);
    expect(pullReady(80)).toBe(true);
    expect(pullProgress(40)).toBe(0.5);
    expect(pullProgress(200)).toBe(1);
  });
});
