import { NotificationBell } from '@/features/notifications/index.ts';
import { useFavouritesSync } from '@/features/favourites/signed-in.ts';
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
  return (
    <>
      {roleKnown && <NotificationBell userId={userId} staff={staff} />}
      <AccountMenu email={email} onLogout={onLogout} />
    </>
  );
}
