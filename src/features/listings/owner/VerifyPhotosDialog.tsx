import { useEffect, useState } from 'react';
import { Alert, Button, Code, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { uploadVerificationSelfie } from '@/features/photos/index.ts';
import { requestPhotoVerification } from '../api.ts';
import { myListingKeys } from '../queries.ts';
import { codeIsValid, gestureLabel, validUntilTime } from './verification.ts';

const m = t.verification.owner;

/**
 * 'Verifica le foto' (issue 26): asks for a code and a gesture as soon as it opens, shows them
 * with their validity, and sends the one selfie through the photo upload path. Mounted only
 * while open, so each opening asks for a fresh code.
 */
export default function VerifyPhotosDialog({ listingId, onClose }: { listingId: string; onClose: () => void }) {
  const queries = useQueryClient();
  const request = useMutation({ mutationFn: () => requestPhotoVerification(listingId) });
  const send = useMutation({
    mutationFn: (args: { verificationId: string; file: File }) => uploadVerificationSelfie(args),
    onSettled: () => queries.invalidateQueries({ queryKey: myListingKeys.all }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { mutate } = request;
  useEffect(() => mutate(), [mutate]);

  const v = request.data;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!v) return;
    if (!file) return setFileError(m.fileRequired);
    if (!codeIsValid(v.code_expires_at)) return setFileError(m.expired);
    send.mutate({ verificationId: v.id, file });
  };

  return (
    <Modal opened onClose={onClose} title={m.title} centered closeButtonProps={{ 'aria-label': m.close }}>
      {request.isPending || request.isIdle ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm">{m.loading}</Text>
        </Group>
      ) : request.isError ? (
        <Stack gap="sm">
          <Alert color="yellow" data-testid="verify-refused">
            {failureMessage(request.error, m.requestFailed)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {m.close}
            </Button>
          </Group>
        </Stack>
      ) : send.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green" data-testid="verify-sent">
            {m.sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{m.close}</Button>
          </Group>
        </Stack>
      ) : (
        v && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm">{m.intro}</Text>
              <div>
                <Text size="sm" fw={600}>
                  {m.code}
                </Text>
                <Code fz={28} fw={700} px="md" py={4} data-testid="verify-code" style={{ letterSpacing: '0.2em' }}>
                  {v.code}
                </Code>
              </div>
              <div>
                <Text size="sm" fw={600}>
                  {m.gesture}
                </Text>
                <Text data-testid="verify-gesture">{gestureLabel(v.gesture, t.verification.gestures)}</Text>
              </div>
              <Text size="sm" c="gray.7">
                {m.validUntil(validUntilTime(v.code_expires_at))}
              </Text>
              <FileInput
                label={m.file}
                placeholder={m.filePlaceholder}
                // Mantine's placeholder grey (a span here, not a real placeholder) is below 4.5:1 on white.
                styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                accept="image/jpeg,image/png,image/webp"
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setFileError(null);
                }}
                error={fileError}
                clearable
                required
                data-testid="verify-file"
              />
              <Text size="xs" c="gray.7">
                {m.privacy}
              </Text>
              {send.isError && (
                <Alert color="red" role="alert">
                  {m.sendFailed(failureMessage(send.error, m.requestFailed))}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={send.isPending}>
                  {m.cancel}
                </Button>
                {send.isError && (
                  <Button variant="light" onClick={() => request.mutate()} disabled={send.isPending}>
                    {m.newCode}
                  </Button>
                )}
                <Button type="submit" loading={send.isPending}>
                  {m.send}
                </Button>
              </Group>
            </Stack>
          </form>
        )
      )}
    </Modal>
  );
}
