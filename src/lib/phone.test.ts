import { describe, expect, it } from 'vitest';
import { isValidPhone, normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it('removes all whitespace', () => {
    expect(normalisePhone(' 333 123\t45 67 ')).toBe('+393331234567');
  });
  it('gives no value for empty or blank input', () => {
    expect(normalisePhone('')).toBeNull();
    expect(normalisePhone('   ')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
    expect(normalisePhone(undefined)).toBeNull();
  });
  it('keeps numbers starting with + or 00', () => {
    expect(normalisePhone('+41 79 123 45 67')).toBe('+41791234567');
    expect(normalisePhone('0041 79 123 45 67')).toBe('0041791234567');
  });
  it('prefixes +39 otherwise', () => {
    expect(normalisePhone('3331234567')).toBe('+393331234567');
    expect(normalisePhone('06 1234567')).toBe('+39061234567');
  });
  it('validates the normalised form', () => {
    expect(isValidPhone('+393331234567')).toBe(true);
    expect(isValidPhone('+39abc')).toBe(false);
  });
});
