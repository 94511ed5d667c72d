import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, normalizePhone } from './contact.ts';

describe('normalizePhone', () => {
  it('removes whitespace, dashes, dots, slashes and brackets', () => {
    expect(normalizePhone(' 333 123\t45 67 ')).toBe('+393331234567');
    expect(normalizePhone('333-123.45/67')).toBe('+393331234567');
    expect(normalizePhone('(+39) 333 1234567')).toBe('+393331234567');
    expect(normalizePhone('333\u00a01234567')).toBe('+393331234567');
  });
  it('gives no number for empty or blank input', () => {
    for (const blank of ['', '   ', ' - ', null, undefined]) expect(normalizePhone(blank)).toBeNull();
  });
  it('keeps +, turns a leading 00 into +', () => {
    expect(normalizePhone('+41 79 123 45 67')).toBe('+41791234567');
    expect(normalizePhone('0041 79 123 45 67')).toBe('+41791234567');
  });
  it('prefixes +39 otherwise, landlines keep their 0', () => {
    expect(normalizePhone('3331234567')).toBe('+393331234567');
    expect(normalizePhone('06 1234567')).toBe('+39061234567');
  });
  it('turns a leading 00 into +', () => {
    expect(normalizePhone('0041 79 123 45 67')).toBe('+41791234567');
  });
});

describe('isValidPhone', () => {
  it('takes + and 6 to 15 digits, the country code not starting with 0', () => {
    expect(isValidPhone('+393331234567')).toBe(true);
    expect(isValidPhone('+123456')).toBe(true);
    expect(isValidPhone('+12345')).toBe(false);
    expect(isValidPhone('+123456789012345')).toBe(true);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('+0393331234567')).toBe(false);
  });
  it('refuses letters, a + in the middle and an unnormalised number', () => {
    expect(isValidPhone('+39abc')).toBe(false);
    expect(isValidPhone('+39333+1234567')).toBe(false);
    expect(isValidPhone('3331234567')).toBe(false);
    expect(isValidPhone('00393331234567')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('wants something@something.something', () => {
    expect(isValidEmail('giulia@example.it')).toBe(true);
    expect(isValidEmail('g.rossi+annunci@posta.example.co.uk')).toBe(true);
    expect(isValidEmail('giulia@example')).toBe(false);
    expect(isValidEmail('giulia.example.it')).toBe(false);
    expect(isValidEmail('giu@lia@example.it')).toBe(false);
  });
  it('refuses any whitespace, unicode spaces included, and does not trim', () => {
    expect(isValidEmail(' giulia@example.it')).toBe(false);
    expect(isValidEmail('giu lia@example.it')).toBe(false);
    expect(isValidEmail('giulia@example.it\u00a0')).toBe(false);
    expect(isValidEmail('giulia@exa\u2009mple.it')).toBe(false);
  });
});
