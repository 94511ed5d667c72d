/** What other features and the app may use from auth. */
export { useViewer } from './hooks/useViewer.ts';
export { useSessionStore, clearSessionStore, SESSION_STORE } from './store.ts';
export { startSession, signOutEverywhere } from './session.ts';
export { guardRedirect, authPath, type Access, type Role } from './model.ts';
export { updateEmail } from './api.ts';
// The e-mail rule is lib's (contact.ts); the profile screen imports it from here.
export { isValidEmail } from '@/lib/contact.ts';
