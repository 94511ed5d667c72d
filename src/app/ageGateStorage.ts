/** Where the 18+ answer is remembered on this device. */
export const AGE_GATE_KEY = 'incontri.ageConfirmed';

/** On <html> while the gate is open: set by the page's first script, then kept by AgeGate. */
export const AGE_GATE_ATTRIBUTE = 'data-age-gate';

/** On <html> once the visitor answered the prerendered gate, for a device that cannot store it. */
export const AGE_CONFIRMED_ATTRIBUTE = 'data-age-confirmed';

export function ageConfirmed(): boolean {
  try {
    if (window.localStorage.getItem(AGE_GATE_KEY) === '1') return true;
  } catch {
    /* private mode: the page's own mark below */
  }
  return document.documentElement.hasAttribute(AGE_CONFIRMED_ATTRIBUTE);
}
