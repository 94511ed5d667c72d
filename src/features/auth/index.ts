/** What other features and the app may use from auth. */
export { useViewer } from './hooks/useViewer.ts';
export { useSessionStore, clearSessionStore, SESSION_STORE } from './store.ts';
export { startSession, signOutEverywhere } from './session.ts';
export { guardRedirect, authPath, type Access, type Role } from './model.ts';
export { updateEmail } from './api.ts';
export { isValidEmail } from './model.ts';
