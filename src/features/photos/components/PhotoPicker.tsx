import { useLayoutEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useObjectUrl } from '@/lib/useObjectUrl.ts';
import type { DraftPhoto } from '../api.ts';
import { PhotoError, readSource, type SourcePhoto } from '../image.ts';
import { ACCEPT, fitCount } from '../model.ts';
import { CropDialog } from './CropDialog.tsx';

const p = t.photos.picker;


function Thumb({ photo, n, primary, onRemove, disabled }: { photo: DraftPhoto; n: number; primary: boolean; onRemove: () => void; disabled?: boolean }) {
  const url = useObjectUrl(photo.cropped);
  return (
    <Box pos="relative" data-testid="draft-photo">
      <Image src={url ?? undefined} alt={p.thumb(n)} radius="sm" w="100%" h="auto" style={{ aspectRatio: '4 / 5', objectFit: 'cover' }} />
      {/* At the bottom: on a 360 px screen's narrow thumbnail the top holds the remove button. */}
      {primary && (
        <Badge pos="absolute" bottom={4} left={4} right={4} size="xs" color="pink" tt="none" px={2}>
          {p.primary}
        </Badge>
      )}
      <CloseButton
        pos="absolute"
        top={4}
        right={4}
        // A white disc: the cross stays visible on a dark photo.
        bg="white"
        c="dark.7"
        radius="xl"
        size="md"
        aria-label={p.remove(n)}
        onClick={onRemove}
        disabled={disabled}
      />
    </Box>
  );
}

/**
 * Choose from gallery or camera, validate (type by the file's bytes, size, count), crop each
 * photo 4:5, show thumbnails with remove; the first photo is the primary one ('Primaria').
 * `max` is the listing's limit and `saved` the photos it already has: the count is the listing's
 * whole ('2 di 5 foto'), and only the room left can be chosen.
 */
export function PhotoPicker({
  value,
  onChange,
  max,
  saved = 0,
  disabled,
}: {
  value: DraftPhoto[];
  onChange: (next: DraftPhoto[]) => void;
  max: number;
  saved?: number;
  disabled?: boolean;
}) {
  const gallery = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [queue, setQueue] = useState<SourcePhoto[]>([]);
  const [reading, setReading] = useState(false);
  // The latest value, for crops that finish after the parent re-rendered.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });

  const choose = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const fit = fitCount(saved + latest.current.length + queue.length, files.length, max);
    const found: string[] = fit.error ? [fit.error] : [];
    const sources: SourcePhoto[] = [];
    setReading(true);
    for (const file of files.slice(0, fit.take)) {
      try {
        sources.push(await readSource(file));
      } catch (err) {
        found.push(err instanceof PhotoError ? err.message : t.photos.validation.unreadable(file.name));
      }
    }
    setReading(false);
    setErrors(found);
    setQueue((q) => [...q, ...sources]);
  };

  const current = queue[0] ?? null;
  const next = () => setQueue((q) => q.slice(1));
  const full = saved + value.length + queue.length >= max;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="light" onClick={() => gallery.current?.click()} disabled={disabled || full || reading}>
          {p.gallery}
        </Button>
        <Button variant="light" onClick={() => camera.current?.click()} disabled={disabled || full || reading}>
          {p.camera}
        </Button>
        {reading && <Loader size="sm" aria-label={p.preparing} />}
      </Group>
      <input
        ref={gallery}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="photo-input"
        onChange={(e) => {
          void choose(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="photo-camera-input"
        onChange={(e) => {
          void choose(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <Text size="xs" c="dimmed">
        {p.hint(max)} {p.count(saved + value.length, max)}
      </Text>
      {errors.length > 0 && (
        <Alert color="red" role="alert" data-testid="photo-errors">
          <Stack gap={2}>
            {errors.map((e) => (
              <Text key={e} size="sm">
                {e}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {value.map((photo, i) => (
            <Thumb
              key={photo.id}
              photo={photo}
              n={i + 1}
              // A listing that has photos keeps its primary one.
              primary={i === 0 && saved === 0}
              disabled={disabled}
              onRemove={() => onChange(value.filter((x) => x.id !== photo.id))}
            />
          ))}
        </SimpleGrid>
      )}
      <CropDialog
        source={current?.original ?? null}
        opened={current !== null}
        onCancel={next}
        onCropped={(cropped) => {
          if (!current) return;
          onChange([...latest.current, { id: crypto.randomUUID(), cropped, original: current.original }].slice(0, max - saved));
          next();
        }}
      />
    </Stack>
  );
}
