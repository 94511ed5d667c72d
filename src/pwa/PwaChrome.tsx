import { InstallInvitation } from './InstallInvitation.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** What the installable app adds to the layout: the offline banner, the update prompt (which also registers the worker) and the install invitation. */
export function PwaChrome() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <InstallInvitation />
    </>
  );
}
