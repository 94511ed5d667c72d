import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { AUDIT_PAGE_SIZE } from '../api.ts';
import { auditWords } from '../auditWords.ts';
import { describeChange, emptyAuditFilters, type AuditFilters } from '../model.ts';
import { auditLogQuery } from '../queries.ts';
import { PanelBadge } from './PanelBadge.tsx';
import { Pager } from '@/lib/ui/Pager.tsx';
import classes from './AdminCards.module.css';

const m = t.admin.audit;
const actionLabel = (a: string) => (m.actions as Record<string, string>)[a] ?? a;
const entityLabel = (e: string) => (m.entities as Record<string, string>)[e] ?? e;

/** Registro (admin only): every staff action, newest first, filtered by action, staff member and day. */
export default function AuditLogSection() {
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [actor] = useDebouncedValue(filters.actor, 300);
  const [page, setPage] = useState(0);
  const log = useQuery(auditLogQuery({ ...filters, actor }, page));
  const change = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };

  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        <Select
          label={m.filterAction}
          placeholder={m.allActions}
          data={Object.entries(m.actions).map(([value, label]) => ({ value, label }))}
          value={filters.action}
          onChange={(action) => change({ action })}
          clearable
          searchable
        />
        <TextInput label={m.filterActor} type="search" value={filters.actor} onChange={(e) => change({ actor: e.currentTarget.value })} />
        <TextInput label={m.filterFrom} type="date" value={filters.from ?? ''} onChange={(e) => change({ from: e.currentTarget.value || null })} />
        <TextInput label={m.filterTo} type="date" value={filters.to ?? ''} onChange={(e) => change({ to: e.currentTarget.value || null })} />
      </SimpleGrid>
      {log.isError ? (
        <LoadError error={log.error} fallback={m.loadFailed} onRetry={() => void log.refetch()} />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : data.rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {m.count(data.total)}
          </Text>
          <Stack gap="xs" component="ul" className={classes.list}>
            {data.rows.map((row) => (
              <li key={row.id}>
                <Paper withBorder p="sm" radius="md">
                  {/* On a phone the date goes under a long action rather than break it over two lines (issue 43). */}
                  <Group justify="space-between" align="baseline" wrap="wrap" gap={4}>
                    <Text fw={600} className={classes.title}>
                      {actionLabel(row.action)}
                    </Text>
                    <Text size="sm" c="gray.7" className={classes.badge}>
                      {formatDateTime(row.created_at)}
                    </Text>
                  </Group>
                  <Text size="sm" className={classes.wrap}>
                    {m.on}: {entityLabel(row.entity_type)} {row.entity_label ? `«${row.entity_label}»` : ''}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" c="gray.7" className={classes.wrap}>
                      {m.who}: {row.actor_email ?? '—'}
                    </Text>
                    <PanelBadge color={row.actor_role === 'admin' ? 'pink' : 'blue'}>{(m.roles as Record<string, string>)[row.actor_role] ?? row.actor_role}</PanelBadge>
                  </Group>
                  {row.reason && (
                    <Text size="sm" className={classes.message}>
                      {m.reason}: {row.reason}
                    </Text>
                  )}
                  {(row.before !== null || row.after !== null) && (
                    <Text size="xs" c="gray.7" ff="monospace" className={classes.message}>
                      {describeChange(row.before, row.after, auditWords(row.entity_type))}
                    </Text>
                  )}
                </Paper>
              </li>
            ))}
          </Stack>
          {/* The staff lists' pager: its arrows are named ('Pagina precedente'), a bare Pagination's were not. */}
          <Pager page={page + 1} pages={pages} onChange={(p) => setPage(p - 1)} labels={t.adminStaff.common} />
        </>
      )}
    </Stack>
  );
}
