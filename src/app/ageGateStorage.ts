/** Where the 18+ answer is remembered on this device. */
export const AGE_GATE_KEY = 'incontri.ageConfirmed';

export function ageConfirmed(): boolean {
  try {
    return window.localStorage.getItem(AGE_GATE_KEY) === '1';
  } catch {
    return false;
  }
}
