/** What other features and the app may use from saved searches; the dialog loads when opened. */
import { lazy } from 'react';

export const SaveSearchDialog = lazy(() => import('./components/SaveSearchDialog.tsx'));
/** The query parameter that reopens the dialog after signing in. */
export const SAVE_SEARCH_PARAM = 'salva';
