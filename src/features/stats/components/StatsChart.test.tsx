import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import { fillDays, promotedRuns, type DayRow } from '../model.ts';
import { StatsChart } from './StatsChart.tsx';

const row = (day: string, fields: Partial<DayRow> = {}): DayRow => ({ day, views: 0, calls: 0, whatsapp: 0, favourites: 0, impressions: 0, promoted: false, ...fields });

describe('StatsChart', () => {
  const days = fillDays(
    [row('2026-11-24', { views: 4, promoted: true }), row('2026-11-25', { views: 10, whatsapp: 2, promoted: true }), row('2026-11-26', { views: 5, calls: 1, favourites: 3, impressions: 40 })],
    '2026-11-26',
  );

  it('draws 30 bars on one scale, the promoted days as a band, and names itself', () => {
    render(<StatsChart days={days} promoted={promotedRuns(days)} />);
    const chart = screen.getByRole('img', { name: /Visite e contatti, ultimi 30 giorni/ });
    expect(chart).toHaveAccessibleDescription(t.stats.chartSummary(19, 3, '25/11', 2));
    const bars = chart.querySelectorAll('[data-testid="stats-bar"]');
    expect(bars).toHaveLength(30);
    const heights = [...bars].map((b) => Number(b.getAttribute('height')));
    // 10 views tops the scale (10): the tallest bar is the whole plot, 5 views half of it, none zero.
    expect(heights[28]).toBeCloseTo(140);
    expect(heights[29]).toBeCloseTo(70);
    expect(heights[27]).toBeCloseTo(56);
    expect(heights.slice(0, 27).every((h) => h === 0)).toBe(true);
    const bands = chart.querySelectorAll('[data-testid="stats-promoted"]');
    expect(bands).toHaveLength(1);
    expect(Number(bands[0]!.getAttribute('width'))).toBeCloseTo(((340 - 28) / 30) * 2);
    expect(screen.getByText(t.stats.legendPromoted)).toBeInTheDocument();
    expect(within(chart).getByText('28/10')).toBeInTheDocument();
    expect(within(chart).getByText('26/11')).toBeInTheDocument();
  });

  it('gives the same numbers as a table, newest day first', () => {
    render(<StatsChart days={days} promoted={promotedRuns(days)} />);
    const table = screen.getByRole('table', { name: t.stats.tableCaption, hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(31);
    expect(within(rows[1]!).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['5', '1', '3', '40', t.stats.promotedNo]);
    expect(within(rows[2]!).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['10', '2', '0', '0', t.stats.promotedYes]);
    expect(within(rows[1]!).getByRole('rowheader', { hidden: true })).toHaveTextContent('26/11');
  });

  it('heads its columns short on screen and with their full names for screen readers (issue 43)', () => {
    render(<StatsChart days={days} promoted={promotedRuns(days)} />);
    const table = screen.getByRole('table', { name: t.stats.tableCaption, hidden: true });
    const headers = within(table).getAllByRole('columnheader', { hidden: true });
    expect(headers.map((h) => h.textContent)).toEqual([
      t.stats.day, t.stats.views, t.stats.contacts,
      `${t.stats.short.favourites}${t.stats.favourites}`, `${t.stats.short.impressions}${t.stats.impressions}`, `${t.stats.short.promoted}${t.stats.promotedColumn}`,
    ]);
    // What a screen reader says: the full name only, the short one is hidden from it.
    expect(headers.slice(3).map((h) => h.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(Object.values(t.stats.short));
    expect(headers[4]).toHaveAccessibleName(t.stats.impressions);
    expect(headers[5]).toHaveAccessibleName(t.stats.promotedColumn);
  });

  it('without promotion there is no band and no promoted legend', () => {
    const plain = fillDays([row('2026-11-26', { views: 1 })], '2026-11-26');
    render(<StatsChart days={plain} promoted={[]} />);
    expect(screen.getByRole('img').querySelectorAll('[data-testid="stats-promoted"]')).toHaveLength(0);
    expect(screen.queryByText(t.stats.legendPromoted)).toBeNull();
  });
});
