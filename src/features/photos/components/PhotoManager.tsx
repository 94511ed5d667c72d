import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Group, Modal, Progress, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/lib/LoadError.tsx';
import { review } from '@/lib/catalogue/review.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastNotice, toastSuccess } from '@/lib/toast.ts';
import { StoredPhoto } from '@/lib/ui/StoredPhoto.tsx';
import { downloadSource, errorText, type DraftPhoto, type ListingPhoto } from '../api.ts';
import { MAX_PHOTOS, type UploadReview } from '../model.ts';
import { listingPhotosQuery, usePhotoMutations } from '../queries.ts';
import { CropDialog } from './CropDialog.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';

const m = t.photos.manager;
const e = t.photos.errors;
const ok = t.photos.toasts;

/** The confirmation a deletion asks first ('Elimina foto', 'Elimina Tutte le Foto'): 'Annulla' or the red confirm. */
function ConfirmDelete({
  opened,
  busy,
  title,
  text,
  confirm,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  title: string;
  text: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={() => !busy && onCancel()} title={title} centered zIndex={320} closeButtonProps={{ 'aria-label': m.cancel }}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {m.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 'Aggiungi foto': the picker for the room beside the listing's `count` photos, then the upload
 * with its progress; `guard` runs the upload, after the verified-photos warning when there is one;
 * `onDone` tells the owner what the upload did to the listing's review.
 */
function AddPhotos({
  count,
  add,
  guard,
  onDone,
}: {
  count: number;
  add: ReturnType<typeof usePhotoMutations>['add'];
  guard: (go: () => void) => void;
  onDone: (outcome: UploadReview, ok: string) => void;
}) {
  const [drafts, setDrafts] = useState<DraftPhoto[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  // Photos whose row is saved (progress 1): after a failure only the others stay chosen.
  const saved = useRef(new Set<string>());
  if (count >= MAX_PHOTOS) {
    return (
      <Text size="sm" c="dimmed">
        {m.full(MAX_PHOTOS)}
      </Text>
    );
  }
  const upload = () =>
    add.mutate(
      {
        photos: drafts,
        onProgress: (id, f) => {
          if (f >= 1) saved.current.add(id);
          setProgress((p) => ({ ...p, [id]: f }));
        },
      },
      {
        onSuccess: (outcome) => {
          setDrafts([]);
          setProgress({});
          onDone(outcome, ok.added);
        },
        onError: (err) => {
          // Photos already saved appear in the grid; the rest stay chosen for another try.
          setDrafts((d) => d.filter((x) => !saved.current.has(x.id)));
          toastError(e.upload(errorText(err)));
        },
      },
    );
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {m.add}
      </Text>
      <PhotoPicker value={drafts} onChange={setDrafts} max={MAX_PHOTOS} saved={count} disabled={add.isPending} />
      {add.isPending &&
        drafts.map((d, i) => (
          <Progress.Root key={d.id} size="lg" aria-label={t.photos.upload.progress(i + 1, Math.round((progress[d.id] ?? 0) * 100))}>
            <Progress.Section value={(progress[d.id] ?? 0) * 100}>
              <Progress.Label>{t.photos.upload.progress(i + 1, Math.round((progress[d.id] ?? 0) * 100))}</Progress.Label>
            </Progress.Section>
          </Progress.Root>
        ))}
      {drafts.length > 0 && (
        <Button onClick={() => guard(upload)} loading={add.isPending}>
          {m.addSave}
        </Button>
      )}
    </Stack>
  );
}

/**
 * 'Gestisci Foto Annuncio' for one listing (owner or staff). On a listing whose photos are
 * verified (`verifiedAt`, issue 26) it says that adding or re-cropping removes the badge, and
 * asks before either.
 */
export function PhotoManager({ listingId, verifiedAt, opened, onClose }: { listingId: string; verifiedAt?: string | null; opened: boolean; onClose: () => void }) {
  const photos = useQuery({ ...listingPhotosQuery(listingId), enabled: opened });
  const mutations = usePhotoMutations(listingId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [recropSource, setRecropSource] = useState<Blob | null>(null);
  const [loadingSource, setLoadingSource] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  // The photo 'Elimina foto' asks about: the one selected when it was pressed.
  const [confirmOne, setConfirmOne] = useState<ListingPhoto | null>(null);
  // The change waiting for 'Continua' after the verified-photos warning.
  const [pendingChange, setPendingChange] = useState<{ go: () => void } | null>(null);
  const guard = (go: () => void) => (verifiedAt ? setPendingChange({ go }) : go());
  // Issue 40: an upload the database held for review says so (and why) instead of a plain success.
  const [held, setHeld] = useState<Exclude<UploadReview, 'ok'> | null>(null);
  const heldText = (outcome: Exclude<UploadReview, 'ok'>) => (outcome === 'duplicate' ? review.owner.duplicatePhoto : review.owner.heldText);
  const uploaded = (outcome: UploadReview, done: string) => {
    if (outcome === 'ok') return toastSuccess(done);
    setHeld(outcome);
    toastNotice(heldText(outcome), review.owner.sentForReview);
  };

  const list = photos.data ?? [];
  const selected = list.find((p) => p.id === selectedId) ?? list[0] ?? null;
  useEffect(() => {
    if (photos.isError) toastError(e.load);
  }, [photos.isError]);

  const busy = mutations.remove.isPending || mutations.removeAll.isPending || mutations.setPrimary.isPending || mutations.recrop.isPending || loadingSource;

  const setPrimary = (photo: ListingPhoto) =>
    mutations.setPrimary.mutate(photo.id, {
      onSuccess: () => toastSuccess(ok.primarySet),
      onError: (err) => toastError(e.setPrimary(errorText(err))),
    });
  const remove = (photo: ListingPhoto) =>
    mutations.remove.mutate(photo.id, {
      onSuccess: () => {
        setConfirmOne(null);
        setSelectedId(null);
        toastSuccess(ok.deleted);
      },
      onError: (err) => {
        setConfirmOne(null);
        toastError(e.delete(errorText(err)));
      },
    });
  const removeAll = () =>
    mutations.removeAll.mutate(undefined, {
      onSuccess: () => {
        setConfirmAll(false);
        setSelectedId(null);
        toastSuccess(ok.allDeleted);
      },
      onError: (err) => {
        setConfirmAll(false);
        toastError(e.deleteAll(errorText(err)));
      },
    });
  const startRecrop = async (photo: ListingPhoto) => {
    setLoadingSource(true);
    try {
      setRecropSource(await downloadSource(photo));
    } catch (err) {
      toastError(e.recrop(errorText(err)));
    } finally {
      setLoadingSource(false);
    }
  };
  const saveRecrop = (cropped: Blob) =>
    new Promise<void>((resolve) => {
      if (!selected) return resolve();
      mutations.recrop.mutate(
        { photoId: selected.id, cropped },
        {
          onSuccess: (outcome) => {
            setRecropSource(null);
            uploaded(outcome, ok.recropped);
          },
          onError: (err) => toastError(e.recrop(errorText(err))),
          onSettled: () => resolve(),
        },
      );
    });

  return (
    <Modal opened={opened} onClose={onClose} title={m.title} size="lg" closeButtonProps={{ 'aria-label': m.close }}>
      {photos.isError ? (
        <LoadError error={photos.error} fallback={e.load} onRetry={() => void photos.refetch()} />
      ) : !photos.data ? (
        <Stack gap="sm" data-testid="photos-loading">
          <Skeleton style={{ aspectRatio: '4 / 5' }} maw={240} mx="auto" w="100%" />
          <Skeleton h={80} />
        </Stack>
      ) : (
        <Stack gap="md">
          {held && (
            <Alert color="yellow" title={review.owner.sentForReview} data-testid="photo-review" data-review={held}>
              {heldText(held)}
            </Alert>
          )}
          {verifiedAt && (
            <Alert color="teal" variant="light" data-testid="verified-photos-notice">
              <Text size="sm">{t.verification.photoChange.notice}</Text>
              <Text size="sm" mt={4} data-testid="later-photos-notice">
                {t.verification.photoChange.laterPhotos}
              </Text>
            </Alert>
          )}
          {selected ? (
            <>
              <Box pos="relative" maw={240} mx="auto" w="100%" data-testid="photo-preview">
                <StoredPhoto src={selected.url} alt={m.preview} radius="md" w="100%" h="auto" style={{ aspectRatio: '4 / 5', objectFit: 'cover' }} />
                {selected.is_primary && (
                  <Badge pos="absolute" top={8} left={8} color="pink">
                    {m.primary}
                  </Badge>
                )}
              </Box>
              <Group gap="xs" justify="center">
                <Button size="xs" variant="light" disabled={busy || selected.is_primary} onClick={() => setPrimary(selected)}>
                  {m.setPrimary}
                </Button>
                <Button size="xs" variant="light" disabled={busy} loading={loadingSource} onClick={() => guard(() => void startRecrop(selected))}>
                  {m.recrop}
                </Button>
                <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => setConfirmOne(selected)}>
                  {m.delete}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 4, sm: 5 }} spacing="xs" data-testid="photo-grid">
                {list.map((photo, i) => (
                  <UnstyledButton
                    key={photo.id}
                    onClick={() => setSelectedId(photo.id)}
                    aria-label={m.select(i + 1)}
                    aria-pressed={photo.id === selected.id}
                    pos="relative"
                    style={{ outline: photo.id === selected.id ? '3px solid var(--mantine-color-pink-6)' : undefined, borderRadius: 6 }}
                    data-testid="photo-thumb"
                  >
                    <StoredPhoto src={photo.url} alt="" radius="sm" w="100%" h="auto" style={{ aspectRatio: '4 / 5', objectFit: 'cover' }} />
                    {photo.is_primary && (
                      <Badge pos="absolute" bottom={4} left={4} right={4} size="xs" color="pink" tt="none" px={2}>
                        {m.primary}
                      </Badge>
                    )}
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </>
          ) : (
            <Text c="dimmed" ta="center">
              {m.empty}
            </Text>
          )}
          <AddPhotos count={list.length} add={mutations.add} guard={guard} onDone={uploaded} />
          {list.length > 0 && (
            <Button color="red" variant="outline" onClick={() => setConfirmAll(true)} disabled={busy}>
              {m.deleteAll}
            </Button>
          )}
        </Stack>
      )}
      <CropDialog source={recropSource} opened={recropSource !== null} onCancel={() => setRecropSource(null)} onCropped={saveRecrop} />
      <ConfirmDelete
        opened={confirmOne !== null}
        busy={mutations.remove.isPending}
        title={m.deleteOneTitle}
        text={m.deleteOneText(!!confirmOne?.is_primary && list.length > 1)}
        confirm={m.deleteOneConfirm}
        onCancel={() => setConfirmOne(null)}
        onConfirm={() => confirmOne && remove(confirmOne)}
      />
      <ConfirmDelete
        opened={pendingChange !== null}
        busy={false}
        title={t.verification.photoChange.title}
        text={t.verification.photoChange.text}
        confirm={t.verification.photoChange.confirm}
        onCancel={() => setPendingChange(null)}
        onConfirm={() => {
          pendingChange?.go();
          setPendingChange(null);
        }}
      />
      <ConfirmDelete
        opened={confirmAll}
        busy={mutations.removeAll.isPending}
        title={m.deleteAllTitle}
        text={m.deleteAllText}
        confirm={m.deleteAllConfirm}
        onCancel={() => setConfirmAll(false)}
        onConfirm={removeAll}
      />
    </Modal>
  );
}
