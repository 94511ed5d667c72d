import { useState } from 'react';

/**
 * True from the first render where `value` is true, and ever after: for parts loaded on
 * first need (a lazy dialog, a form) that stay mounted once they have been wanted.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
