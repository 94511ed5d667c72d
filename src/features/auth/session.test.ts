import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';

const api = vi.hoisted(() => ({ fetchRole: vi.fn() }));
const toast = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('./api.ts', async (orig) => ({ ...(await orig<object>()), ...api }));
vi.mock('@/lib/toast.ts', async (orig) => ({ ...(await orig<object>()), ...toast }));

const { applyUser } = await import('./session.ts');
const { useSessionStore } = await import('./store.ts');

const giulia = { id: 'u1', email: 'giulia@incontri.local' };

afterEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState({ status: 'loading', roleStatus: 'idle', user: null, role: null });
});

describe('applyUser', () => {
  it('offline, keeps the role it knew for the same user without an error toast (the offline banner says it)', async () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'idle', user: giulia, role: 'user' });
    api.fetchRole.mockRejectedValue(new ApiError('offline', t.common.apiErrors.offline));
    await applyUser(giulia, { refetchRole: true });
    expect(useSessionStore.getState()).toMatchObject({ user: giulia, role: 'user', roleStatus: 'ready', status: 'ready' });
    expect(toast.toastError).not.toHaveBeenCalled();
  });

  it('refused, keeps the role it knew and says the role could not be read', async () => {
    useSessionStore.setState({ status: 'ready', roleStatus: 'idle', user: giulia, role: 'user' });
    api.fetchRole.mockRejectedValue(new ApiError('refused', 'Rifiutato.'));
    await applyUser(giulia, { refetchRole: true });
    expect(useSessionStore.getState().role).toBe('user');
    expect(toast.toastError).toHaveBeenCalledWith(t.auth.session.roleFetch);
  });
});
