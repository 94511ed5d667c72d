import { useQuery } from '@tanstack/react-query';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { FIGURE_KEYS, formatFigure, type FigureKey } from '../model.ts';
import { overviewQuery } from '../queries.ts';
import { Sparkline } from './Sparkline.tsx';

const m = t.admin.overview;

function FigureCard({ figure, value, series }: { figure: FigureKey; value: number; series: number[] }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {m.figures[figure]}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {formatFigure(figure, value)}
      </Text>
      <Sparkline values={series} label={m.chartLabel(m.figures[figure])} />
      <Text size="xs" c="gray.7">
        {m.series[figure]} · {m.lastDays}
      </Text>
    </Paper>
  );
}

/** Panoramica: what needs staff now and how the site went in the last 30 days. */
export default function OverviewSection() {
  const overview = useQuery(overviewQuery());
  if (overview.isError) return <LoadError error={overview.error} fallback={m.loadFailed} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      {FIGURE_KEYS.map((key) =>
        data ? (
          <FigureCard key={key} figure={key} value={data.figures[key]} series={data.series[key]} />
        ) : (
          <Skeleton key={key} height={140} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}
