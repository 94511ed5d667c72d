import { useQuery } from '@tanstack/react-query';
import { NotificationBell } from '@/features/notifications/index.ts';
import { useFavouritesSync } from '@/features/favourites/signed-in.ts';
import { ownProfileQuery } from '@/features/profile/index.ts';
import { AccountMenu } from './AccountMenu.tsx';

/** The bell and the account menu: loaded only once someone is signed in. */
export default function SignedInControls({
  userId,
  email,
  staff,
  roleKnown,
  onLogout,
}: {
  userId: string;
  email: string;
  staff: boolean;
  roleKnown: boolean;
  onLogout: () => void;
}) {
  useFavouritesSync(userId);
  // The avatar shows the name the user chose (profile settings change it), not the e-mail's;
  // while it loads no letter, offline or failed the e-mail's.
  const profile = useQuery(ownProfileQuery({ id: userId }));
  const name = profile.data ? profile.data.display_name : profile.fetchStatus === 'fetching' ? undefined : null;
  return (
    <>
      {roleKnown && <NotificationBell userId={userId} staff={staff} />}
      <AccountMenu email={email} name={name} onLogout={onLogout} />
    </>
  );
}
