/** What other features and the app may use from saved searches; the dialog loads when opened. */
import { lazyInMantine } from '@/lib/ui/inMantine.ts';

export const SaveSearchDialog = lazyInMantine(() => import('./components/SaveSearchDialog.tsx').then((m) => m.default));
/** The query parameter that reopens the dialog after signing in. */
export const SAVE_SEARCH_PARAM = 'salva';
