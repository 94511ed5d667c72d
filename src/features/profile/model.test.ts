import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { deleteConfirmed, exportFileName, personalPatch, validateEmailChange, validatePersonalForm } from './model.ts';

const v = t.auth.validation;

describe('personal data form', () => {
  it('accepts a name and an empty or plausible phone', () => {
    expect(validatePersonalForm({ displayName: 'Giulia', phone: '333 123 4567' }, v)).toEqual({});
    expect(validatePersonalForm({ displayName: 'Giulia', phone: '  ' }, v)).toEqual({});
  });
  it('rejects a bad phone and a short or long name', () => {
    expect(validatePersonalForm({ displayName: ' x ', phone: '12ab' }, v)).toEqual({ displayName: v.displayNameShort, phone: v.phoneInvalid });
    expect(validatePersonalForm({ displayName: 'x'.repeat(41), phone: '' }, v)).toEqual({ displayName: v.displayNameLong });
    expect(validatePersonalForm({ displayName: 'x'.repeat(40), phone: '' }, v)).toEqual({});
  });
  it('saves the trimmed name and the normalised phone, null when empty', () => {
    expect(personalPatch({ displayName: ' Giulia ', phone: '333 123 4567' })).toEqual({ display_name: 'Giulia', phone: '+393331234567' });
    expect(personalPatch({ displayName: 'Giulia', phone: '  ' })).toEqual({ display_name: 'Giulia', phone: null });
  });
});

describe('e-mail change form', () => {
  it('requires a valid new e-mail', () => {
    expect(validateEmailChange({ newEmail: '  ' }, v)).toEqual({ newEmail: v.emailRequired });
    expect(validateEmailChange({ newEmail: 'mario@' }, v)).toEqual({ newEmail: v.emailInvalid });
    expect(validateEmailChange({ newEmail: ' mario@example.it ' }, v)).toEqual({});
  });
});

describe('account deletion', () => {
  it('needs the confirmation word, in any case', () => {
    expect(deleteConfirmed(' elimina ', 'ELIMINA')).toBe(true);
    expect(deleteConfirmed('ELIMIN', 'ELIMINA')).toBe(false);
  });
});

it('names the export by date', () => {
  expect(exportFileName(new Date('2026-11-22T10:00:00Z'))).toBe('i-miei-dati-2026-11-22.json');
});
