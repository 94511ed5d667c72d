import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { ListingPhotoImage } from './ListingPhotoImage.tsx';
import { placeholderUrl } from '../placeholder.ts';

const crop = 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg';
const renditions = 'u/l/0123456789abcdef0123';
const placeholder = btoa(String.fromCharCode(...rgbaToThumbHash(1, 1, Uint8Array.of(200, 30, 90, 255))));

describe('ListingPhotoImage', () => {
  it('draws the renditions in a <picture>: WebP by width, the JPEG for the rest, the placeholder behind', () => {
    const { container } = render(<ListingPhotoImage photo={{ url: crop, renditions, placeholder }} place="card" alt="Foto" eager />);
    const source = container.querySelector('picture > source')!;
    const img = container.querySelector('picture > img')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source.getAttribute('srcset')).toMatch(/-360\.webp 360w, .*-1080\.webp 1080w$/);
    expect(source.getAttribute('sizes')).toContain('100vw');
    expect(img.getAttribute('src')).toMatch(/-720\.jpg$/);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
    expect((img as HTMLElement).style.getPropertyValue('--placeholder')).toBe(`url(${placeholderUrl(placeholder)})`);
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
