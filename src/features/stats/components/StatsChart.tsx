import { useId } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { chartGeometry, totals, type StatsDay } from '../model.ts';
import classes from './StatsChart.module.css';

const s = t.stats;
const BOX = { width: 340, height: 170, left: 28, bottom: 22, top: 8 };

/** A column header short on screen, its full name for screen readers (and as the tooltip). */
function ShortHeader({ short, full }: { short: string; full: string }) {
  return (
    <Table.Th scope="col" title={full}>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </Table.Th>
  );
}

/** 'dd/mm' of an ISO day. */
export const shortDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * The 30-day chart in our own SVG (no chart library): views as bars, contacts as a line, the
 * promoted days as a band behind them. Screen readers get its title and a summary, and
 * everyone can open the same numbers as a table.
 */
export function StatsChart({ days, promoted }: { days: readonly StatsDay[]; promoted: readonly { from: number; to: number }[] }) {
  const id = useId();
  const g = chartGeometry(
    days.map((d) => d.views),
    days.map((d) => d.contacts),
    BOX,
  );
  const sum = totals(days, days.length);
  const best = days.reduce<StatsDay | null>((top, d) => (d.views > (top?.views ?? 0) ? d : top), null);
  const promotedDays = promoted.reduce((n, r) => n + r.to - r.from + 1, 0);
  const bottom = BOX.height - BOX.bottom;
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1].filter((v, i, all) => all.indexOf(v) === i);

  return (
    <figure className={classes.figure}>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className={classes.svg}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        data-testid="stats-chart"
      >
        <title id={`${id}-title`}>{s.chartTitle}</title>
        <desc id={`${id}-desc`}>{s.chartSummary(sum.views, sum.contacts, best ? shortDay(best.day) : null, promotedDays)}</desc>
        {promoted.map((r) => (
          <rect
            key={r.from}
            className={classes.band}
            data-testid="stats-promoted"
            x={BOX.left + r.from * g.slot}
            y={BOX.top}
            width={(r.to - r.from + 1) * g.slot}
            height={bottom - BOX.top}
          />
        ))}
        {g.ticks.map((v) => (
          <g key={v}>
            <line className={classes.grid} x1={BOX.left} x2={BOX.width} y1={g.y(v)} y2={g.y(v)} />
            <text className={classes.axis} x={BOX.left - 4} y={g.y(v) + 3} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {g.bars.map((b, i) => (
          <rect key={days[i]!.day} className={classes.bar} data-testid="stats-bar" x={b.x} y={b.y} width={b.width} height={b.height} />
        ))}
        <polyline className={classes.line} points={g.points.map((p) => `${p.x},${p.y}`).join(' ')} />
        {g.points.map((p, i) =>
          days[i]!.contacts > 0 ? <circle key={days[i]!.day} className={classes.point} cx={p.x} cy={p.y} r={2.5} /> : null,
        )}
        {labelled.map((i) => (
          <text key={i} className={classes.axis} x={g.points[i]!.x} y={BOX.height - 6} textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}>
            {shortDay(days[i]!.day)}
          </text>
        ))}
      </svg>
      <figcaption className={classes.legend}>
        <span>
          <i className={classes.keyBar} aria-hidden="true" /> {s.legendViews}
        </span>
        <span>
          <i className={classes.keyLine} aria-hidden="true" /> {s.legendContacts}
        </span>
        {promotedDays > 0 && (
          <span>
            <i className={classes.keyBand} aria-hidden="true" /> {s.legendPromoted}
          </span>
        )}
      </figcaption>
      <details className={classes.details}>
        <summary>{s.table}</summary>
        {/* Fits a 360 px phone with its short headers; on a narrower screen or a larger text it
            scrolls sideways (shadowed edge), reachable and named for keyboards and screen readers. */}
        <div className={classes.scroll} tabIndex={0} role="region" aria-label={s.tableCaption}>
          <Table striped fz="xs" captionSide="top" horizontalSpacing={4} className={classes.table}>
            <Table.Caption>{s.tableCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{s.day}</Table.Th>
                <Table.Th scope="col">{s.views}</Table.Th>
                <Table.Th scope="col">{s.contacts}</Table.Th>
                <ShortHeader short={s.short.favourites} full={s.favourites} />
                <ShortHeader short={s.short.impressions} full={s.impressions} />
                <ShortHeader short={s.short.promoted} full={s.promotedColumn} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...days].reverse().map((d, i) => (
                <Table.Tr key={d.day}>
                  <Table.Th scope="row">{shortDay(d.day)}</Table.Th>
                  <Table.Td>{d.views}</Table.Td>
                  <Table.Td>{d.contacts}</Table.Td>
                  <Table.Td>{d.favourites}</Table.Td>
                  <Table.Td>{d.impressions}</Table.Td>
                  <Table.Td>{promoted.some((r) => days.length - 1 - i >= r.from && days.length - 1 - i <= r.to) ? s.promotedYes : s.promotedNo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
