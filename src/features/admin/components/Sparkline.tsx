import { chartPoints } from '../model.ts';

const W = 240;
const H = 56;

/**
 * A 30-day line chart in plain SVG (no chart library: the panel needs a trend per figure,
 * not axes and tooltips). `label` names it for screen readers; the figure beside it carries
 * the number.
 */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const points = chartPoints(values, W, H);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} preserveAspectRatio="none" role="img" aria-label={label}>
      <line x1={0} y1={H - 1} x2={W} y2={H - 1} stroke="var(--mantine-color-gray-3)" strokeWidth={1} />
      {points && (
        <>
          <polygon points={`2,${H - 2} ${points} ${W - 2},${H - 2}`} fill="var(--mantine-color-pink-1)" />
          <polyline points={points} fill="none" stroke="var(--mantine-color-pink-7)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        </>
      )}
    </svg>
  );
}
