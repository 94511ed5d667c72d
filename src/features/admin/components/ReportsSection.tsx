import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { listingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import type { StaffReport } from '../api.ts';
import { reasonLabel, REPORT_STATUSES, type ReportStatus } from '../model.ts';
import { adminKeys, reportsQuery, useDismissReport, useRemoveListing } from '../queries.ts';
import { ReportActionDialog } from './ReportActionDialog.tsx';
import { useLiveTable } from './useLiveTable.ts';
import { PanelBadge } from './PanelBadge.tsx';
import classes from './AdminCards.module.css';

const m = t.admin.reports;
const reasons: Record<string, string> = t.listings.report.reasons;

/** Segnalazioni: the report queue, live, urgent ones ('Minori o tratta di persone') first with their badge; each report is archived or its listing removed with a reason. */
export default function ReportsSection() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('stato') === 'dismissed' ? 'dismissed' : 'open';
  const reports = useQuery(reportsQuery(status));
  useLiveTable('listing_reports', adminKeys.reports());
  const dismiss = useDismissReport();
  const remove = useRemoveListing();
  const [action, setAction] = useState<{ kind: 'dismiss' | 'remove'; report: StaffReport } | null>(null);

  const confirm = (text: string) => {
    if (!action) return;
    const done = () => setAction(null);
    const failed = (err: unknown) => toastError(failureMessage(err, t.common.apiErrors.unexpected));
    if (action.kind === 'dismiss') {
      dismiss.mutate({ reportId: action.report.id, note: text }, { onSuccess: () => (toastSuccess(m.dismissed), done()), onError: failed });
    } else if (action.report.listing) {
      remove.mutate(
        { listingId: action.report.listing.id, reason: text },
        {
          onSuccess: () => {
            toastSuccess(m.removed);
            done();
          },
          onError: failed,
        },
      );
    }
  };

  const rows = reports.data;
  return (
    <Stack gap="sm">
      <Select
        label={m.filter}
        data={REPORT_STATUSES.map((s) => ({ value: s, label: m.statuses[s] }))}
        value={status}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('stato', v ?? 'open');
            return next;
          })
        }
        allowDeselect={false}
        maw={260}
      />
      {reports.isError ? (
        <LoadError error={reports.error} fallback={m.loadFailed} onRetry={() => void reports.refetch()} />
      ) : !rows ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {rows.map((report) => (
            <li key={report.id}>
              <Paper withBorder p="sm" radius="md" aria-label={reasonLabel(report.reason, reasons)} component="article">
                <Group gap={6}>
                  {report.urgent && (
                    <Badge color="red.9" variant="filled" data-testid="report-urgent">
                      {m.urgent}
                    </Badge>
                  )}
                  <PanelBadge color="red">{reasonLabel(report.reason, reasons)}</PanelBadge>
                </Group>
                <Text fw={600} mt={4} className={classes.title}>
                  {report.listing ? (
                    <Anchor component={Link} to={listingPath(report.listing.id)}>
                      {report.listing.title}
                    </Anchor>
                  ) : (
                    m.listingGone
                  )}
                </Text>
                {report.listing && (
                  <Text size="sm" c="gray.7">
                    {report.listing.city}
                  </Text>
                )}
                {report.details && (
                  <Text size="sm" className={classes.message}>
                    {m.details}: {report.details}
                  </Text>
                )}
                <Text size="sm" c="gray.7" className={classes.wrap}>
                  {report.reporter_id === null ? (
                    <Text span fw={600} c="gray.8" data-testid="report-anonymous">
                      {m.anonymous}
                    </Text>
                  ) : (
                    <>
                      {m.reporter}: {[report.reporter?.display_name, report.reporter?.email].filter(Boolean).join(' – ') || '—'}
                    </>
                  )}{' '}
                  · {m.received} {formatDateTime(report.created_at)}
                </Text>
                {report.reporter_email && (
                  <Text size="sm" c="gray.7" className={classes.wrap}>
                    {m.reporterEmail}: <Anchor href={`mailto:${report.reporter_email}`}>{report.reporter_email}</Anchor>
                  </Text>
                )}
                {report.status === 'open' && (
                  <Group gap="xs" mt="xs">
                    <Button size="compact-md" variant="default" onClick={() => setAction({ kind: 'dismiss', report })}>
                      {m.dismiss}
                    </Button>
                    {report.listing && (
                      <Button size="compact-md" color="red" onClick={() => setAction({ kind: 'remove', report })}>
                        {m.remove}
                      </Button>
                    )}
                  </Group>
                )}
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      <ReportActionDialog
        key={action ? `${action.kind}:${action.report.id}` : 'closed'}
        kind={action?.kind ?? null}
        listingTitle={action?.report.listing?.title ?? ''}
        pending={dismiss.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
