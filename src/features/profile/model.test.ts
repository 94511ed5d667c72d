import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { exportFileName, validateProfileForm } from './model.ts';

describe('profile form', () => {
  it('normalises the phone as SPEC §5 says', () => {
    expect(validateProfileForm({ displayName: 'Giulia', phone: '333 123 4567' }, t.auth.validation)).toEqual({ errors: {}, phone: '+393331234567' });
    expect(validateProfileForm({ displayName: 'Giulia', phone: '  ' }, t.auth.validation).phone).toBeNull();
  });
  it('rejects a bad phone and a short name', () => {
    const { errors } = validateProfileForm({ displayName: ' x ', phone: '12ab' }, t.auth.validation);
    expect(errors).toEqual({ displayName: t.auth.validation.displayNameShort, phone: t.auth.validation.phoneInvalid });
  });
  it('names the export by date', () => {
    expect(exportFileName(new Date('2026-11-22T10:00:00Z'))).toBe('i-miei-dati-2026-11-22.json');
  });
});
