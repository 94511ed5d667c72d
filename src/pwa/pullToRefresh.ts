/** Pull-to-refresh constants and arithmetic: the pull that triggers a reload and its delay. */
export const PULL_TRIGGER_PX = 80;
export const PULL_RELOAD_DELAY_MS = 500;
export const PULL_MAX_PX = 1.5 * PULL_TRIGGER_PX;

/** How far the indicator follows a finger that moved from startY to currentY (0 to max). */
export function pullDistance(startY: number, currentY: number): number {
  return Math.min(PULL_MAX_PX, Math.max(0, currentY - startY));
}

export function pullReady(distance: number): boolean {
  return distance >= PULL_TRIGGER_PX;
}

/** 0..1 progress towards the trigger, for the indicator's rotation and opacity. */
export function pullProgress(distance: number): number {
  return Math.min(1, Math.max(0, distance / PULL_TRIGGER_PX));
}
