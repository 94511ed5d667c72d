import { useEffect, useState } from 'react';

/** An object URL for a blob while it is shown, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    // The URL is an external resource the effect owns (created here, revoked in its cleanup),
    // not state derived during render: setting it from the effect is the intended use.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return blob ? url : undefined;
}
