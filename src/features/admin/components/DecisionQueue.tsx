import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Group, Modal, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { reasonError } from '../users/model.ts';
import classes from './AdminCards.module.css';

/** What a decision queue says: its catalogue block ('Da approvare', 'Verifiche'). */
export interface DecisionTexts {
  title: string;
  intro: string;
  empty: string;
  loadFailed: string;
  approve: string;
  refuse: string;
  approveTitle: string;
  approveText: (title: string) => string;
  refuseTitle: string;
  refuseText: string;
  reason: string;
  reasonRequired: string;
  cancel: string;
  approved: string;
  refused: string;
  failed: string;
}

export type Decision = { id: string; approve: boolean; reason?: string };

/** 'Approva' (a confirmation) or 'Rifiuta' (the reason the advertiser reads, required). */
function DecisionDialog({
  m,
  id,
  title,
  approve,
  decide,
  onClose,
}: {
  m: DecisionTexts;
  id: string;
  title: string;
  approve: boolean;
  decide: UseMutationResult<void, Error, Decision>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const missing = approve ? null : reasonError(reason, m.reasonRequired);
    if (missing) return setError(missing);
    decide.mutate(
      { id, approve, reason },
      {
        onSuccess: () => {
          toastSuccess(approve ? m.approved : m.refused);
          onClose();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    );
  };
  const close = () => !decide.isPending && onClose();
  return (
    <Modal opened onClose={close} title={approve ? m.approveTitle : m.refuseTitle} centered closeButtonProps={{ 'aria-label': m.cancel }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{approve ? m.approveText(title) : m.refuseText}</Text>
          {!approve && (
            <Textarea
              label={m.reason}
              autosize
              minRows={2}
              maxLength={1000}
              withAsterisk
              data-autofocus
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={decide.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" color={approve ? 'teal.9' : 'red.9'} loading={decide.isPending}>
              {approve ? m.approve : m.refuse}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A staff queue decided one item at a time (issue 26: 'Da approvare', 'Verifiche'): title and
 * intro, loading / error / empty, the cards oldest first each with 'Approva' and 'Rifiuta',
 * and the decision dialog. The section draws its card and passes its query and mutation.
 */
export function DecisionQueue<T extends { id: string }>({
  m,
  query,
  decide,
  titleOf,
  card,
}: {
  m: DecisionTexts;
  query: UseQueryResult<T[]>;
  decide: UseMutationResult<void, Error, Decision>;
  /** The item's title, as the approval dialog names it. */
  titleOf: (item: T) => string;
  /** The item's card, with the decision buttons to put at its foot. */
  card: (item: T, actions: ReactNode) => ReactNode;
}) {
  const [decision, setDecision] = useState<{ item: T; approve: boolean } | null>(null);
  const rows = query.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <Text size="sm" c="gray.7">
        {m.intro}
      </Text>
      {query.isError ? (
        <LoadError error={query.error} fallback={m.loadFailed} onRetry={() => void query.refetch()} />
      ) : !rows ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={200} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {rows.map((item) => (
            <li key={item.id}>
              {card(
                item,
                <Group gap="xs" mt="sm">
                  <Button size="compact-md" color="teal.9" onClick={() => setDecision({ item, approve: true })}>
                    {m.approve}
                  </Button>
                  <Button size="compact-md" color="red" variant="light" onClick={() => setDecision({ item, approve: false })}>
                    {m.refuse}
                  </Button>
                </Group>,
              )}
            </li>
          ))}
        </Stack>
      )}
      {decision && (
        <DecisionDialog
          key={`${decision.item.id}:${decision.approve}`}
          m={m}
          id={decision.item.id}
          title={titleOf(decision.item)}
          approve={decision.approve}
          decide={decide}
          onClose={() => setDecision(null)}
        />
      )}
    </Stack>
  );
}
