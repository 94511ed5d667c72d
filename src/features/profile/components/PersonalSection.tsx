import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import type { OwnProfile } from '../api.ts';
import { personalPatch, validatePersonalForm, type PersonalFormValues } from '../model.ts';
import { ownProfileQuery, useUpdateProfile } from '../queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** 'Dati personali': the display name and the phone, from the own profile. */
export function PersonalSection({ user }: { user: { id: string } }) {
  const profile = useQuery(ownProfileQuery(user));
  return (
    <SettingsSection title={m.personal}>
      {profile.isError ? (
        <LoadError error={profile.error} fallback={m.loadFailed} onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={58} />
          <Skeleton height={78} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <PersonalForm userId={user.id} profile={profile.data} />
      )}
    </SettingsSection>
  );
}

function PersonalForm({ userId, profile }: { userId: string; profile: OwnProfile }) {
  const form = useForm<PersonalFormValues>({
    initialValues: { displayName: profile.display_name ?? '', phone: profile.phone ?? '' },
    validate: (values) => validatePersonalForm(values, t.auth.validation),
  });
  const save = useUpdateProfile(userId);

  const submit = form.onSubmit((values) => {
    const patch = personalPatch(values);
    save.mutate(patch, {
      onSuccess: () => {
        // The phone shows as it was saved, with its prefix.
        form.setFieldValue('phone', patch.phone ?? '');
        toastSuccess(m.saved);
      },
      onError: (err) => toastError(failureMessage(err, m.saveFailed)),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={m.personal}>
      <Stack gap="sm">
        <TextInput label={m.displayName} autoComplete="nickname" {...form.getInputProps('displayName')} />
        <TextInput label={m.phone} description={m.phoneHint} type="tel" inputMode="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <Button type="submit" loading={save.isPending}>
          {m.save}
        </Button>
      </Stack>
    </form>
  );
}
