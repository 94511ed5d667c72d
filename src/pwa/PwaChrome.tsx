import { OfflineBanner } from './OfflineBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** What the installable app adds to the layout: the offline banner and the update prompt (which also registers the worker). */
export function PwaChrome() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}
