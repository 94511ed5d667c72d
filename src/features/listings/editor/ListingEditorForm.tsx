import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNetwork } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PhotoManager, PhotoPicker, type DraftPhoto } from '@/features/photos/index.ts';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { editListingPath, listingPath, paths } from '@/lib/paths.ts';
import { toastError, toastNotice, toastSuccess } from '@/lib/toast.ts';
import { clearDraft, draftKey, saveDraft, type ListingDraft } from './draftStore.ts';
import { ListingEditorCost, buyCreditsPath } from './ListingEditorCost.tsx';
import { ListingEditorFields } from './ListingEditorFields.tsx';
import { ListingEditorPreview } from './ListingEditorPreview.tsx';
import { emptyListingForm, fromListing, photosShownNote, toCreateArgs, validateListingForm, type ListingFormValues } from './listingForm.ts';
import { creationBudgetQuery, listingEditorKeys, uploadRemaining, usePublishListing, useUpdateListing } from '../queries.ts';
import { savedReview, savedToast, type SaveReview } from '../review.ts';
import type { Listing } from '../shape.ts';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.listingEditor;

/** How long typing may go unsaved: short, so a crash loses at most a few characters. */
const SAVE_DELAY_MS = 250;

/** The save's toast: the success text, or that the listing now waits for staff (and why). */
function toastSaved(outcome: SaveReview, done: string) {
  const toast = savedToast(outcome, done);
  if (toast.tone === 'success') toastSuccess(toast.message);
  else toastNotice(toast.message, toast.title);
}

function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The listing form for /new-listing (no `listing`) and /edit-listing/:id, with its draft in
 * IndexedDB (restored from `draft`), the live card preview, and for a new listing its cost,
 * the balance and the photos to upload after create_listing.
 */
export function ListingEditorForm({ userId, listing, draft }: { userId: string; listing?: Listing; draft: ListingDraft | null }) {
  const isNew = !listing;
  const key = draftKey(userId, listing?.id ?? null);
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { online } = useNetwork();
  const [photos, setPhotos] = useState<DraftPhoto[]>(draft?.photos ?? []);
  const [creationKey] = useState(() => draft?.creationKey ?? crypto.randomUUID());
  const [restored, setRestored] = useState(!!draft && isNew);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [managing, setManaging] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const sending = useRef(false);
  const budget = useQuery({ ...creationBudgetQuery(userId), enabled: isNew });

  const form = useForm<ListingFormValues>({
    mode: 'controlled',
    initialValues: draft?.values ?? (listing ? fromListing(listing) : emptyListingForm()),
    validate: validateListingForm,
    validateInputOnBlur: true,
  });
  const publish = usePublishListing((id, fraction) => setProgress((p) => ({ ...p, [id]: fraction })));
  const update = useUpdateListing();
  const busy = publish.isPending || update.isPending || retrying;

  // The draft follows every change (and the photos chosen); an untouched edit form keeps none.
  const latest = useRef<ListingDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dirty = form.isDirty() || photos.length > 0;
  useEffect(() => {
    if (!dirty) return;
    const next: ListingDraft = { values: form.values, photos, creationKey, listingId: listing?.id, updatedAt: Date.now() };
    latest.current = next;
    timer.current = setTimeout(() => void saveDraft(key, next), SAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [form.values, photos, dirty, key, creationKey, listing?.id]);
  /** Writes the pending draft now; no delayed write follows (it would bring back a draft cleared after success). */
  const flush = async () => {
    clearTimeout(timer.current);
    if (latest.current) await saveDraft(key, latest.current);
  };
  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  });

  const discard = async () => {
    await clearDraft(key);
    latest.current = null;
    form.setValues(listing ? fromListing(listing) : emptyListingForm());
    form.resetDirty(listing ? fromListing(listing) : emptyListingForm());
    setPhotos([]);
    setRestored(false);
  };

  // The screening's refusal (issue 26: a term that signals a minor) stays on screen beside the form.
  const [screened, setScreened] = useState<string | null>(null);
  const noteScreened = (err: unknown) => setScreened((err as { code?: string }).code === 'screened_minor' ? (err as Error).message : null);

  const toBuyCredits = async (message: string) => {
    await flush();
    toastError(message);
    void navigate(buyCreditsPath(paths.newListing));
  };

  const create = async (values: ListingFormValues) => {
    const b = budget.data;
    if (b && b.credits < b.cost) return toBuyCredits(m.cost.notEnough(b.cost, b.credits));
    await flush();
    publish.mutate(
      { args: toCreateArgs(values, creationKey), photos },
      {
        onSuccess: ({ id, failed, photoError, review }) =>
          void (async () => {
            await clearDraft(key);
            latest.current = null;
            if (failed.length) {
              // The listing exists and was paid for: its missing photos wait on its edit page.
              await saveDraft(draftKey(userId, id), { values, photos: failed, creationKey, listingId: id, updatedAt: Date.now() });
              toastError(`${m.photosFailed} ${failureMessage(photoError, '')}`.trim());
              await navigate(editListingPath(id));
              return;
            }
            toastSaved(review, m.created);
            await navigate(listingPath(id));
          })(),
        onError: (err) => {
          noteScreened(err);
          if ((err as { code?: string }).code === 'insufficient_credits') return void toBuyCredits(err.message);
          toastError((err as { kind?: string }).kind === 'offline' ? m.offline : failureMessage(err, m.saveFailed));
        },
      },
    );
  };

  const save = async (values: ListingFormValues) => {
    await flush();
    update.mutate(
      { id: listing!.id, values },
      {
        onSuccess: (review) =>
          void (async () => {
            latest.current = null;
            if (photos.length) await saveDraft(key, { values, photos, creationKey, listingId: listing!.id, updatedAt: Date.now() });
            else await clearDraft(key);
            form.resetDirty(values);
            toastSaved(review, m.updated);
            await navigate(listingPath(listing!.id));
          })(),
        onError: (err) => {
          noteScreened(err);
          toastError((err as { kind?: string }).kind === 'offline' ? m.offline : failureMessage(err, m.saveFailed));
        },
      },
    );
  };

  // Built per submit, so the handler (which reads refs) is not created while rendering.
  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
    async (values) => {
      // A second click before the button disables itself does nothing (the server dedupes too).
      if (sending.current || busy) return;
      sending.current = true;
      try {
        await (isNew ? create(values) : save(values));
      } finally {
        sending.current = false;
      }
    },
    () => {
      toastError(m.fixErrors);
      focusFirstError();
    },
  )(event);

  const retryPhotos = async () => {
    setRetrying(true);
    const { failed, photoError, uploads } = await uploadRemaining(listing!.id, photos, (id, f) => setProgress((p) => ({ ...p, [id]: f })));
    setRetrying(false);
    setPhotos(failed);
    await queries.invalidateQueries({ queryKey: listingEditorKeys.all });
    if (failed.length) toastError(failureMessage(photoError, m.saveFailed));
    else {
      if (!form.isDirty()) await clearDraft(key);
      toastSaved(savedReview(null, uploads), m.photosRetried);
    }
  };

  const uploadingCount = Object.keys(progress).length;
  const uploadedCount = Object.values(progress).filter((f) => f >= 1).length;
  const maxPhotos = budget.data?.maxPhotos ?? 5;

  return (
    <Container size={640} px="sm" py="md">
      <BackLink to={listing ? listingPath(listing.id) : paths.dashboard} />
      <Title order={1} size="h2" mb="xs">
        {isNew ? m.newTitle : m.editTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {m.intro}
      </Text>
      <Stack gap="md">
        {!online && (
          <Alert color="yellow" role="status" data-testid="offline-notice">
            {m.offlineNow}
          </Alert>
        )}
        {restored && (
          <Alert color="teal" data-testid="draft-restored" withCloseButton onClose={() => setRestored(false)} closeButtonLabel={m.close}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{m.draft.restored}</Text>
              <Button size="compact-xs" variant="white" onClick={() => void discard()}>
                {m.draft.discard}
              </Button>
            </Group>
          </Alert>
        )}
        {screened && (
          <Alert color="red" role="alert" title={t.verification.editor.screened} data-testid="screened-refusal">
            {screened}
          </Alert>
        )}
        <form onSubmit={submit} noValidate aria-label={isNew ? m.newTitle : m.editTitle}>
          <Stack gap="lg">
            <Paper withBorder p="sm">
              <ListingEditorFields form={form} disabled={busy} />
            </Paper>
            <Paper withBorder p="sm">
              <Title order={2} size="h4" mb="xs">
                {m.sections.photos}
              </Title>
              {/* Before the upload: how many of them visitors will see (issue 43). */}
              <Text size="sm" mb="xs" data-testid="photos-shown">
                {photosShownNote(listing)}
              </Text>
              {isNew ? (
                <>
                  <Text size="xs" c="dimmed" mb="xs">
                    {m.photosHint}
                  </Text>
                  <PhotoPicker value={photos} onChange={setPhotos} max={maxPhotos} disabled={busy} />
                </>
              ) : (
                <Stack gap="xs">
                  {photos.length > 0 && (
                    <Alert color="yellow" data-testid="pending-photos">
                      <Text size="sm">{m.pendingPhotos(photos.length)}</Text>
                      <PhotoPicker value={photos} onChange={setPhotos} max={maxPhotos} disabled={busy} />
                      <Button mt="xs" size="xs" loading={retrying} onClick={() => void retryPhotos()}>
                        {m.retryPhotos}
                      </Button>
                    </Alert>
                  )}
                  <Button variant="light" onClick={() => setManaging(true)}>
                    {m.managePhotos}
                  </Button>
                </Stack>
              )}
              {uploadingCount > 0 && busy && (
                <Stack gap={4} mt="xs" data-testid="upload-progress">
                  <Text size="xs">{m.uploading(Math.min(uploadedCount + 1, uploadingCount), uploadingCount)}</Text>
                  {Object.entries(progress).map(([id, f]) => (
                    <Progress key={id} value={Math.round(f * 100)} size="sm" aria-label={m.uploading(uploadedCount, uploadingCount)} />
                  ))}
                </Stack>
              )}
            </Paper>
            <ListingEditorPreview values={form.values} firstDraftPhoto={photos[0]?.cropped} listing={listing} />
            {isNew ? (
              <ListingEditorCost budget={budget.data} loading={budget.isPending} failed={budget.isError} back={paths.newListing} />
            ) : (
              <Text size="sm" c="dimmed">
                {m.cost.editFree}
              </Text>
            )}
            <Button type="submit" size="md" fullWidth loading={busy} disabled={busy} data-testid="listing-submit">
              {isNew ? m.submitNew : m.submitEdit}
            </Button>
          </Stack>
        </form>
      </Stack>
      {listing && (
        <PhotoManager
          listingId={listing.id}
          verifiedAt={listing.photos_verified_at}
          opened={managing}
          onClose={() => {
            setManaging(false);
            void queries.invalidateQueries({ queryKey: listingEditorKeys.all });
          }}
        />
      )}
    </Container>
  );
}
