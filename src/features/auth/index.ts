/** What other features and the app may use from auth. */
export { useViewer } from './hooks/useViewer.ts';
export { useSessionStore, clearSessionStore, SESSION_STORE } from './store.ts';
export { startSession, signOutEverywhere, applyUser } from './session.ts';
export { guardRedirect, isStaff, authPath, safeRedirect, type Access, type Role, type Viewer } from './model.ts';
export { updateEmail, callbackUrl, type SessionUser } from './api.ts';
// The e-mail rule is lib's (contact.ts); the profile screen imports it from here.
export { isValidEmail } from '@/lib/contact.ts';
