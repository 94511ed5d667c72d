import { vi, afterEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { closeIdb, idbStorage, onStorageWrite } from './idbStorage.ts';

afterEach(async () => {
  await idbStorage.removeItem('test-store');
});

describe('idbStorage', () => {
  it('stores, reads and removes strings in IndexedDB', async () => {
    expect(await idbStorage.getItem('test-store')).toBeNull();
    await idbStorage.setItem('test-store', '{"a":1}');
    expect(await idbStorage.getItem('test-store')).toBe('{"a":1}');
    await idbStorage.removeItem('test-store');
    expect(await idbStorage.getItem('test-store')).toBeNull();
  });

  it('survives a reopened connection (a reload)', async () => {
    await idbStorage.setItem('test-store', 'kept');
    await closeIdb();
    expect(await idbStorage.getItem('test-store')).toBe('kept');
  });

  it('persists and rehydrates a zustand store', async () => {
    const make = () =>
      create<{ n: number }>()(
        persist(() => ({ n: 0 }), { name: 'test-store', storage: createJSONStorage(() => idbStorage), skipHydration: true }),
      );
    const a = make();
    a.setState({ n: 42 });
    await new Promise((r) => setTimeout(r, 20));
    const b = make();
    expect(b.getState().n).toBe(0);
    await b.persist.rehydrate();
    expect(b.getState().n).toBe(42);
    await a.persist.getOptions().storage?.removeItem('test-store');
    expect(await idbStorage.getItem('test-store')).toBeNull();
  });

  it('tells listeners about writes from other tabs, not about its own', async () => {
    if (typeof BroadcastChannel === 'undefined') return;
    const heard: string[] = [];
    const off = onStorageWrite('test-store', () => heard.push('test-store'));
    const offOther = onStorageWrite('other', () => heard.push('other'));
    await idbStorage.setItem('test-store', '1'); // this tab: not announced back to itself
    const otherTab = new BroadcastChannel('incontri-state-sync');
    otherTab.postMessage({ name: 'test-store' });
    await vi.waitFor(() => expect(heard).toContain('test-store'));
    await new Promise((r) => setTimeout(r, 50));
    otherTab.close();
    off();
    offOther();
    expect(heard).toEqual(['test-store']);
  });
});
