import { describe, expect, it } from 'vitest';
import { adminSectionPath, pickSection, visibleSections } from './model.ts';

const sections = [
  { id: 'panoramica', adminOnly: false },
  { id: 'segnalazioni', adminOnly: false },
  { id: 'registro', adminOnly: true },
];

describe('visibleSections', () => {
  it('shows admin every section and supporto only the shared ones', () => {
    expect(visibleSections(sections, 'admin').map((s) => s.id)).toEqual(['panoramica', 'segnalazioni', 'registro']);
    expect(visibleSections(sections, 'supporto').map((s) => s.id)).toEqual(['panoramica', 'segnalazioni']);
  });

  it('shows nothing to anyone else', () => {
    expect(visibleSections(sections, 'user')).toEqual([]);
    expect(visibleSections(sections, 'banned')).toEqual([]);
    expect(visibleSections(sections, null)).toEqual([]);
  });
});

describe('pickSection', () => {
  it('opens the requested section when visible, else the first', () => {
    const supporto = visibleSections(sections, 'supporto');
    expect(pickSection(supporto, 'segnalazioni')?.id).toBe('segnalazioni');
    expect(pickSection(supporto, 'registro')?.id).toBe('panoramica');
    expect(pickSection(supporto, null)?.id).toBe('panoramica');
    expect(pickSection([], 'registro')).toBeUndefined();
  });
});

it('builds the address of a section', () => {
  expect(adminSectionPath('segnalazioni')).toBe('/admin?sezione=segnalazioni');
});
