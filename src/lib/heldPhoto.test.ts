import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from './authStorage.ts';

const createSignedUrl = vi.fn();
const storage = { from: vi.fn(() => ({ createSignedUrl })) };
vi.mock('./backend.ts', () => ({ loadSupabase: async () => ({ storage }) }));
const { HELD_BUCKET, heldPhotoKey, heldPhotoUrl, useHeldPhoto } = await import('./heldPhoto.ts');

const crop = 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u1/l1/a%20b.jpg';
const signed = (key: string) => `https://abc.supabase.co/storage/v1/object/sign/${HELD_BUCKET}/${key}?token=t`;

describe('heldPhotoKey', () => {
  it('reads the stored key of a crop, nothing else', () => {
    expect(heldPhotoKey(crop)).toBe('u1/l1/a b.jpg');
    expect(heldPhotoKey('https://abc.supabase.co/storage/v1/object/public/listing_originals/u1/l1/x.jpg')).toBeNull();
    expect(heldPhotoKey('blob:https://app/123')).toBeNull();
  });
});

describe('heldPhotoUrl and useHeldPhoto', () => {
  beforeEach(() => {
    localStorage.clear();
    storage.from.mockClear();
    createSignedUrl.mockReset().mockImplementation(async (key: string) => ({ data: { signedUrl: signed(key) }, error: null }));
  });

  it('a visitor without a session asks nothing: the failed photo stays failed', async () => {
    expect(await heldPhotoUrl(crop)).toBeNull();
    expect(storage.from).not.toHaveBeenCalled();
  });

  it('a signed-in user gets a signed address of the held copy, reused while it lasts', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const now = Date.now();
    const other = crop.replace('a%20b', 'c');
    expect(await heldPhotoUrl(other, now)).toBe(signed('u1/l1/c.jpg'));
    expect(storage.from).toHaveBeenCalledWith(HELD_BUCKET);
    expect(await heldPhotoUrl(other, now + 60_000)).toBe(signed('u1/l1/c.jpg'));
    expect(createSignedUrl).toHaveBeenCalledTimes(1);
    await heldPhotoUrl(other, now + 3_600_000);
    expect(createSignedUrl).toHaveBeenCalledTimes(2);
  });

  it('offline asks nothing (the request could only fail), and asks again back online', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const away = crop.replace('a%20b', 'h');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await heldPhotoUrl(away)).toBeNull();
    expect(createSignedUrl).not.toHaveBeenCalled();
    onLine.mockRestore();
    expect(await heldPhotoUrl(away)).toBe(signed('u1/l1/h.jpg'));
  });

  it('a refusal (not the owner or staff) is not kept', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const mine = crop.replace('a%20b', 'd');
    createSignedUrl.mockResolvedValueOnce({ data: null, error: { message: 'Object not found' } });
    expect(await heldPhotoUrl(mine)).toBeNull();
    expect(await heldPhotoUrl(mine)).toBe(signed('u1/l1/d.jpg'));
  });

  it('swaps in the held copy once the public address fails, and only once', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const url = crop.replace('a%20b', 'e');
    const { result } = renderHook(() => useHeldPhoto(url));
    expect(result.current).toMatchObject({ src: url, held: false });
    act(() => result.current.onError());
    await waitFor(() => expect(result.current).toMatchObject({ src: signed('u1/l1/e.jpg'), held: true }));
    act(() => result.current.onError());
    expect(createSignedUrl).toHaveBeenCalledTimes(1);
  });
});

describe('useHeldPhoto with heldFirst (a listing known to be held)', () => {
  beforeEach(() => {
    localStorage.clear();
    createSignedUrl.mockReset().mockImplementation(async (key: string) => ({ data: { signedUrl: signed(key) }, error: null }));
  });

  it('asks for the held copy at once and never shows the public address, which would fail', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const url = crop.replace('a%20b', 'f');
    const { result } = renderHook(() => useHeldPhoto(url, true));
    expect(result.current).toMatchObject({ src: undefined, pending: true, held: false });
    await waitFor(() => expect(result.current).toMatchObject({ src: signed('u1/l1/f.jpg'), held: true, pending: false }));
    expect(createSignedUrl).toHaveBeenCalledTimes(1);
  });

  it('falls back to the public address when no held copy is given (not signed in)', async () => {
    const url = crop.replace('a%20b', 'g');
    const { result } = renderHook(() => useHeldPhoto(url, true));
    await waitFor(() => expect(result.current).toMatchObject({ src: url, held: false, pending: false }));
    expect(createSignedUrl).not.toHaveBeenCalled();
  });
});
