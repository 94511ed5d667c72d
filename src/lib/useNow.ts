import { useState } from 'react';

/**
 * The time the screen was opened, for states that depend on the clock (expired, running,
 * pending). Read once: a render must not read the clock (React may render again at any time
 * and must get the same answer), and these screens refresh their data, not their clock.
 */
export function useNow(): number {
  const [now] = useState(Date.now);
  return now;
}
