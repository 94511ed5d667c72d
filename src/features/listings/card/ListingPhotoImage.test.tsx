import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { ListingPhotoImage } from './ListingPhotoImage.tsx';
import { placeholderUrl } from '../placeholder.ts';

// The held copy's signed address, as Storage would sign it for its owner.
const heldUrl = 'https://abc.supabase.co/storage/v1/object/sign/listing_photos_held/u/l/a.jpg?token=t';
vi.mock('@/lib/backend.ts', () => ({
  loadSupabase: async () => ({ storage: { from: () => ({ createSignedUrl: async () => ({ data: { signedUrl: heldUrl }, error: null }) }) } }),
}));

const crop = 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg';
const renditions = 'u/l/0123456789abcdef0123';
const placeholder = btoa(String.fromCharCode(...rgbaToThumbHash(1, 1, Uint8Array.of(200, 30, 90, 255))));

describe('ListingPhotoImage', () => {
  afterEach(() => localStorage.clear());

  it('draws the renditions in a <picture>: WebP by width, the JPEG for the rest, the placeholder behind', () => {
    const { container } = render(<ListingPhotoImage photo={{ url: crop, renditions, placeholder }} place="card" alt="Foto" eager />);
    const source = container.querySelector('picture > source')!;
    const img = container.querySelector('picture > img')!;
    expect(container.querySelectorAll('picture > source')).toHaveLength(1);
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source.getAttribute('srcset')).toMatch(/-360\.webp 360w, .*-1080\.webp 1080w$/);
    expect(source.getAttribute('sizes')).toContain('100vw');
    expect(img.getAttribute('src')).toMatch(/-720\.jpg$/);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
    expect((img as HTMLElement).style.getPropertyValue('--placeholder')).toBe(`url(${placeholderUrl(placeholder)})`);
  });

  it('offers the AVIF renditions first once made, at the same sizes; the held copy still stands in on error', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    const { container } = render(<ListingPhotoImage photo={{ url: crop, renditions, placeholder, avif: true }} place="gallery" alt="Foto" />);
    const children = [...container.querySelector('picture')!.children];
    expect(children.map((e) => e.getAttribute('type') ?? e.tagName)).toEqual(['image/avif', 'image/webp', 'IMG']);
    const [avif, webp] = children;
    expect(avif!.getAttribute('srcset')).toMatch(/-360\.avif 360w, .*-720\.avif 720w, .*-1080\.webp 1080w$/);
    expect(avif!.getAttribute('sizes')).toBe(webp!.getAttribute('sizes'));
    // A listing held for review: its public files fail, its owner sees the held crop.
    fireEvent.error(container.querySelector('img')!);
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', heldUrl));
    expect(container.querySelector('picture, source')).toBeNull();
  });

  it('a photo without renditions is its crop, lazy, with no placeholder', () => {
    const { container } = render(<ListingPhotoImage photo={{ url: crop, renditions: null, placeholder: null }} place="gallery" alt="Foto" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', crop);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect((img as HTMLElement).style.getPropertyValue('--placeholder')).toBe('');
  });

  it('a photo not wanted yet holds its frame with the placeholder only', () => {
    const { container } = render(<ListingPhotoImage photo={{ url: crop, renditions, placeholder }} wanted={false} place="gallery" alt="Foto" />);
    expect(container.querySelector('picture, source')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img).not.toHaveAttribute('src');
    expect((img as HTMLElement).style.getPropertyValue('--placeholder')).toMatch(/^url\(data:image\/png/);
  });
});
