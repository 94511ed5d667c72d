import { beforeEach, describe, expect, it, vi } from 'vitest';

const eq = vi.fn();
const storage = { from: vi.fn() };
const client = { from: vi.fn(() => ({ delete: () => ({ eq }) })), storage };
vi.mock('@/lib/backend.ts', () => ({ loadSupabase: async () => client }));
const { deleteListing } = await import('./api.ts');

describe('deleteListing', () => {
  beforeEach(() => {
    eq.mockReset().mockResolvedValue({ error: null, status: 204 });
    storage.from.mockReset();
  });

  it('deletes the listing row only: the database queues its photo files for the clean-up job', async () => {
    await deleteListing('l1');
    expect(client.from).toHaveBeenCalledWith('listings');
    expect(eq).toHaveBeenCalledWith('id', 'l1');
    expect(storage.from).not.toHaveBeenCalled();
  });

  it("rejects with the server's refusal", async () => {
    eq.mockResolvedValue({ error: { code: '42501', message: 'permission denied', details: null }, status: 403 });
    await expect(deleteListing('l1')).rejects.toMatchObject({ name: 'ApiError', kind: 'refused' });
  });
});
