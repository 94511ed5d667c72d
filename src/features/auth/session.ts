/**
 * Keeps the session store in step with supabase auth: the initial session (a failure counts
 * as signed out, with the catalogue's message), the role of each signed-in user, and every later auth event.
 */
import { ApiError } from '@/lib/apiError.ts';
import { mayHaveSession } from '@/lib/authStorage.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError } from '@/lib/toast.ts';
import { fetchRole, getInitialSession, onAuthChange, signOut as apiSignOut, type SessionUser } from './api.ts';
import { toRole, type Role } from './model.ts';
import { clearSessionStore, useSessionStore } from './store.ts';

let started: Promise<void> | null = null;
let roleRequest = 0;

async function loadRole(user: SessionUser): Promise<Role | null> {
  try {
    return toRole(await fetchRole(user.id));
  } catch (err) {
    if (!(err instanceof ApiError) || err.kind === 'unexpected') {
      toastError(t.auth.session.roleUnexpected);
      return null;
    }
    // Offline is no error to report: the offline banner says it, and every start of the app on a train toasted red.
    if (err.kind !== 'offline') toastError(t.auth.session.roleFetch);
    // Offline or refused: keep the last role known for this same user.
    const previous = useSessionStore.getState();
    return previous.user?.id === user.id ? previous.role : null;
  }
}

/** Applies a (possibly new) signed-in user: fetches the role before the viewer is 'ready'. */
export async function applyUser(user: SessionUser | null, opts: { refetchRole?: boolean } = {}) {
  const current = useSessionStore.getState();
  if (!user) {
    if (current.user || current.status !== 'ready') useSessionStore.setState({ user: null, role: null, roleStatus: 'idle', status: 'ready' });
    return;
  }
  if (current.user?.id === user.id && current.roleStatus === 'loading' && !opts.refetchRole) return; // already fetching
  const sameUser = current.user?.id === user.id && current.roleStatus === 'ready';
  if (sameUser && !opts.refetchRole) {
    if (current.user?.email !== user.email) useSessionStore.setState({ user });
    return;
  }
  const request = ++roleRequest;
  useSessionStore.setState({ user, roleStatus: 'loading' });
  const role = await loadRole(user);
  if (request !== roleRequest) return; // a newer event won
  useSessionStore.setState({ user, role, roleStatus: 'ready', status: 'ready' });
}

/**
 * Starts once per page. A visitor with no stored session and no tokens in the URL is known
 * to be anonymous at once, without loading the client; its auth events are followed from
 * the first sign-in.
 * Otherwise: rehydrate, read the initial session, fetch the role, then follow auth events.
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    if (!mayHaveSession()) {
      await clearSessionStore().catch(() => undefined);
      // Nothing to refresh or expire until someone signs in, here or in another tab.
      const stop = useSessionStore.subscribe((state) => {
        if (!state.user) return;
        stop();
        void followAuthEvents();
      });
      return;
    }
    try {
      await useSessionStore.persist.rehydrate();
    } catch {
      /* IndexedDB unavailable (private mode): start empty */
    }
    // Rehydration must not leave a stale 'ready' flag: the viewer is verified below.
    useSessionStore.setState({ status: 'loading', roleStatus: 'idle' });
    let user: SessionUser | null;
    try {
      const u = (await getInitialSession())?.user;
      user = u ? { id: u.id, email: u.email ?? '' } : null;
    } catch {
      toastError(t.auth.session.initialError);
      user = null;
    }
    if (!user) await clearSessionStore();
    else {
      useSessionStore.setState({ roleStatus: 'idle' });
      await applyUser(user, { refetchRole: true });
    }
    await followAuthEvents();
  })();
  return started;
}

/** Later sign-ins, sign-outs and token refreshes, from this tab or another. */
async function followAuthEvents() {
  await onAuthChange((event, u) => {
    // Never call supabase synchronously inside its own auth callback.
    setTimeout(() => {
      const current = useSessionStore.getState().user;
      if (!u) {
        if (current) void clearSessionStore();
      } else if (event !== 'INITIAL_SESSION' || current?.id !== u.id) {
        void applyUser(u, { refetchRole: current?.id !== u.id });
      }
    }, 0);
  }).catch(() => undefined);
}

/** Ends the session on the server and forgets it locally. */
export async function signOutEverywhere() {
  try {
    await apiSignOut();
  } finally {
    await clearSessionStore();
  }
}
