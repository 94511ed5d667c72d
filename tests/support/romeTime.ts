/** Instants on Rome's clock, for the jobs that run at a local hour (the saved-search digest at 09:00). */

/** The instant `hh:mm` in Europe/Rome, `days` days from today (Rome's calendar), across DST. */
export function romeAt(days: number, hhmm: string): Date {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
  const guess = new Date(`${day}T${hhmm}:00Z`);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName')!.value; // 'GMT+1', 'GMT+2'
  return new Date(guess.getTime() - Number(offset.replace('GMT', '') || 0) * 3_600_000);
}
