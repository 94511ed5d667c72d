import { Pagination, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';

const c = t.adminStaff.common;

/** Page numbers under a staff list, with Italian labels; nothing for a single page. */
export function UsersPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Stack align="center" gap={4} mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        aria-label={c.pagination}
        getControlProps={(control) => (control === 'previous' ? { 'aria-label': c.previous } : control === 'next' ? { 'aria-label': c.next } : {})}
      />
      <Text size="xs" c="gray.7">
        {c.pageOf(Math.min(page, pages), pages)}
      </Text>
    </Stack>
  );
}
