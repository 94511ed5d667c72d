import { Pagination, Stack, Text } from '@mantine/core';

export interface PagerLabels {
  pagination: string;
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
}

/** Page numbers under a list, with named arrows and 'Pagina 2 di 5'; nothing for a single page. */
export function Pager({ page, pages, onChange, labels }: { page: number; pages: number; onChange: (page: number) => void; labels: PagerLabels }) {
  if (pages <= 1) return null;
  const shown = Math.min(page, pages);
  return (
    <Stack align="center" gap={4} mt="md">
      <Pagination
        total={pages}
        value={shown}
        onChange={onChange}
        size="sm"
        aria-label={labels.pagination}
        getControlProps={(control) => (control === 'previous' ? { 'aria-label': labels.previous } : control === 'next' ? { 'aria-label': labels.next } : {})}
      />
      <Text size="xs" c="gray.7">
        {labels.pageOf(shown, pages)}
      </Text>
    </Stack>
  );
}
