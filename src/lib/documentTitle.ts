import { useEffect } from 'react';

const SITE = 'Incontri Italia';

/** 'Screen · Incontri Italia' (the site's name alone for none). */
const documentTitle = (screen?: string) => (screen ? `${screen} · ${SITE}` : SITE);

/** Sets the document title while the screen is shown (screen readers announce it, tabs and history show it). */
export function useDocumentTitle(screen: string | undefined) {
  useEffect(() => {
    if (screen !== undefined) document.title = documentTitle(screen);
  }, [screen]);
}
