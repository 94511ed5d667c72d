import { describe, expect, it } from 'vitest';
import { pickSection, visibleSections } from './model.ts';

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

import { auditWords } from './auditWords.ts';
import { auditRange, chartPoints, describeChange, formatFigure, parseOverview, reasonLabel, statusesOf } from './model.ts';

describe('parseOverview', () => {
  it('reads every figure as a number and each chart from its daily column', () => {
    const o = parseOverview({
      figures: { open_tickets: 3, open_reports: '2', revenue_cents: 1990 },
      series: [
        { day: '2026-11-22', tickets: 1, reports: 0, revenue_cents: 990 },
        { day: '2026-11-23', tickets: 2, reports: 1, revenue_cents: 1000 },
      ],
    });
    expect(o.figures.open_tickets).toBe(3);
    expect(o.figures.open_reports).toBe(2);
    expect(o.figures.new_users).toBe(0);
    expect(o.days).toEqual(['2026-11-22', '2026-11-23']);
    expect(o.series.open_tickets).toEqual([1, 2]);
    expect(o.series.open_reports).toEqual([0, 1]);
    expect(o.series.revenue_cents).toEqual([990, 1000]);
    expect(o.series.listings_active).toEqual([0, 0]);
  });

  it('survives an empty answer', () => {
    expect(parseOverview(null).series.new_users).toEqual([]);
  });
});

it('formats figures in Italian, revenue in euro', () => {
  expect(formatFigure('credits_sold', 12500)).toBe('12.500');
  expect(formatFigure('new_users', 1200)).toBe('1.200');
  expect(formatFigure('revenue_cents', 199050)).toMatch(/^1\.990,50\s€$/);
});

describe('chartPoints', () => {
  it('scales from 0 to the largest value across the width', () => {
    expect(chartPoints([0, 5, 10], 104, 54)).toBe('2,52 52,27 102,2');
  });
  it('draws all zeros flat at the bottom and nothing for no data', () => {
    expect(chartPoints([0, 0], 104, 54)).toBe('2,52 102,52');
    expect(chartPoints([], 104, 54)).toBe('');
  });
});

it('maps ticket filters to statuses', () => {
  expect(statusesOf('active')).toEqual(['open', 'in_progress']);
  expect(statusesOf('resolved')).toEqual(['resolved']);
  expect(statusesOf('all')).toBeNull();
});

it('labels report reasons in Italian and never shows a code', () => {
  const labels = { 'foto-false': 'Foto false o non corrispondenti', altro: 'Altro' };
  expect(reasonLabel('foto-false', labels)).toBe('Foto false o non corrispondenti');
  expect(reasonLabel('sconosciuto', labels)).toBe('Altro');
});

describe('describeChange', () => {
  const words = auditWords('user');
  it('says each changed column before and after, in Italian', () => {
    expect(describeChange({ role: 'user' }, { role: 'banned' }, words)).toBe('ruolo: Utente → Bannato');
    expect(describeChange({ credits: 5 }, { credits: 15 }, words)).toBe('crediti: 5 → 15');
    expect(describeChange({ is_active: true }, { is_active: false }, words)).toBe('attivo: sì → no');
  });
  it('lists the named columns of what was created or deleted, never ids or the row timestamps', () => {
    expect(describeChange(null, { body: 'Ciao' }, words)).toBe('testo: Ciao');
    expect(describeChange({ title: 'X', is_paused: false }, null, words)).toBe('titolo: X; in pausa: no');
    const coupon = { id: 'c0000000-0000-4000-8000-000000000001', code: 'REGALO', discount_value: 7, created_at: '2026-11-23T23:24:15+00:00', applies_to_user_id: 'a0000000-0000-4000-8000-000000000003' };
    expect(describeChange(null, coupon, words)).toBe('codice: REGALO; valore: 7');
  });
  it('names stored codes with the words the rest of the panel uses, never the database values', () => {
    expect(describeChange({ status: 'in_progress' }, { status: 'resolved' }, auditWords('ticket'))).toBe('stato: In Corso → Risolto');
    expect(describeChange({ status: 'open' }, { status: 'dismissed' }, auditWords('report'))).toBe('stato: Da esaminare → Archiviata');
    const coupon = { code: 'REGALO', type: 'single_use', discount_type: 'credits', discount_value: 7 };
    expect(describeChange(null, coupon, auditWords('coupon'))).toBe('codice: REGALO; uso: Monouso; tipo di sconto: Crediti; valore: 7');
    expect(describeChange({ discount_type: 'percentage' }, { discount_type: 'flat_amount' }, auditWords('coupon'))).toBe('tipo di sconto: Percentuale → Importo fisso');
    expect(describeChange({ category: 'donne', promotion_mode: 'night' }, null, auditWords('listing'))).toBe('categoria: Donne; promozione: Notte');
    expect(describeChange({ price_cents: 990 }, { price_cents: 1290 }, auditWords('credit_package'))).toMatch(/^prezzo: 9,90\s€ → 12,90\s€$/);
    expect(describeChange({ value: [1, 3] }, { value: [1, 3, 7] }, auditWords('setting'))).toBe('valore: 1, 3 → 1, 3, 7');
    expect(describeChange({ value: { start: '21:00', end: '05:00' } }, { value: { start: '22:00', end: '05:00' } }, auditWords('setting'))).toBe('valore: 21:00–05:00 → 22:00–05:00');
    expect(describeChange({ reason: 'Spam' }, { reason: 'Truffa' }, words)).toBe('motivo: Spam → Truffa');
  });
  it('leaves a setting’s key out: its Italian name labels the row', () => {
    expect(describeChange(null, { key: 'listing_creation_cost', value: 10 }, auditWords('setting'))).toBe('valore: 10');
  });
  it('shows times as Italian dates', () => {
    expect(describeChange({ expires_at: null }, { expires_at: '2026-12-01T11:00:00+00:00' }, words)).toBe('scadenza: — → 01/12/2026 12:00');
  });
});

it('turns day filters into a Rome range with the end day included', () => {
  const start = (d: string) => `${d}T-start`;
  expect(auditRange({ from: '2026-11-01', to: '2026-11-30' }, start)).toEqual({ gte: '2026-11-01T-start', lt: '2026-12-01T-start' });
  expect(auditRange({ from: null, to: null }, start)).toEqual({});
});
