import { useState } from 'react';
import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError } from '@/lib/toast.ts';
import { useObjectUrl } from '@/lib/useObjectUrl.ts';
import { cropToJpeg, PhotoError } from '../image.ts';
import { CROP_ASPECT, ZOOM, type Area } from '../model.ts';

const c = t.photos.crop;

/**
 * 'Ritaglia e Posiziona Immagine': drag and zoom (1-3, step 0.1) a 4:5 frame over `source`;
 * 'Salva Ritaglio' hands back the JPEG crop (quality 0.95, no metadata).
 */
export function CropDialog({
  source,
  opened,
  onCancel,
  onCropped,
}: {
  source: Blob | null;
  opened: boolean;
  onCancel: () => void;
  onCropped: (cropped: Blob) => void | Promise<void>;
}) {
  const url = useObjectUrl(source);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  // A new photo starts centred at the smallest zoom (reset while rendering, not in an effect).
  const [shown, setShown] = useState(source);
  if (shown !== source) {
    setShown(source);
    setCrop({ x: 0, y: 0 });
    setZoom(ZOOM.min);
    setArea(null);
  }

  const save = async () => {
    if (!source) return;
    if (!area) {
      toastError(c.noArea);
      return;
    }
    setBusy(true);
    try {
      await onCropped(await cropToJpeg(source, area));
    } catch (err) {
      toastError(err instanceof PhotoError ? err.message : c.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onCancel()} title={c.title} size="lg" centered fullScreen={false} closeButtonProps={{ 'aria-label': c.cancel }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.hint}
        </Text>
        <Box pos="relative" h={{ base: 340, sm: 420 }} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }} data-testid="crop-area">
          {url ? (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              minZoom={ZOOM.min}
              maxZoom={ZOOM.max}
              aspect={CROP_ASPECT}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              showGrid
            />
          ) : (
            <Text c="gray.3" ta="center" pt="xl">
              {c.loading}
            </Text>
          )}
        </Box>
        <Box>
          <Text size="sm" fw={500} mb={4} aria-hidden>
            {c.zoom}
          </Text>
          <Slider
            value={zoom}
            onChange={setZoom}
            min={ZOOM.min}
            max={ZOOM.max}
            step={ZOOM.step}
            label={(v) => `${v.toFixed(1)}×`}
            thumbLabel={c.zoom}
            data-testid="crop-zoom"
          />
        </Box>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {c.cancel}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!url}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
