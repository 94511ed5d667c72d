/** A short random tag so rows from parallel test files never collide. */
export function tag(prefix = 't'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
