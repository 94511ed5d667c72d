import { describe, expect, it } from 'vitest';
import { reasonLabel, waitingFor } from './model.ts';

describe('reasonLabel', () => {
  it('names each reason, and which edit sent a listing back', () => {
    expect(reasonLabel({ reason: 'new_advertiser', since: '', details: {} })).toBe('Nuovo inserzionista');
    expect(reasonLabel({ reason: 'new_advertiser', since: '', details: { edit: 'text' } })).toBe('Testo modificato da un inserzionista non ancora fidato');
    expect(reasonLabel({ reason: 'new_advertiser', since: '', details: { edit: 'photo' } })).toBe('Foto aggiunta da un inserzionista non ancora fidato');
    expect(reasonLabel({ reason: 'duplicate_photo', since: '', details: { matches: [] } })).toBe('Foto già usata da un altro account');
    expect(reasonLabel({ reason: 'screened_term', since: '', details: { terms: ['x'] } })).toBe('Termini a rischio');
    expect(reasonLabel({ reason: 'altro', since: '', details: null })).toBe('altro');
  });
});

describe('waitingFor', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('says the largest whole unit, at least a minute', () => {
    expect(waitingFor('2026-11-26T11:59:50Z', now)).toBe('1 minuto');
    expect(waitingFor('2026-11-26T11:15:00Z', now)).toBe('45 minuti');
    expect(waitingFor('2026-11-26T11:00:00Z', now)).toBe('1 ora');
    expect(waitingFor('2026-11-26T02:30:00Z', now)).toBe('9 ore');
    expect(waitingFor('2026-11-25T12:00:00Z', now)).toBe('1 giorno');
    expect(waitingFor('2026-11-20T11:00:00Z', now)).toBe('6 giorni');
  });
});
