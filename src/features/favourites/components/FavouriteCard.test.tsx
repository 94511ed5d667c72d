import { describe, expect, it } from 'vitest';
import { render } from '@/test/render.tsx';
import type { FavouriteSnapshot } from '../model.ts';
import { FavouriteCard } from './FavouriteCard.tsx';

const item: FavouriteSnapshot = {
  id: 'l1',
  title: 'Giulia a Roma',
  city: 'Roma',
  category: 'donna',
  age: 30,
  photo: 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg',
  photoRenditions: 'u/l/0123456789abcdef0123',
  savedAt: '2026-11-20T10:00:00Z',
  state: 'active',
};

const types = (container: HTMLElement) => [...container.querySelectorAll('picture > source')].map((s) => s.getAttribute('type'));

describe('FavouriteCard', () => {
  it("draws the kept photo's AVIF before its WebP once made; a copy kept before the field has WebP only", () => {
    expect(types(render(<FavouriteCard item={{ ...item, photoAvif: true }} />).container)).toEqual(['image/avif', 'image/webp']);
    expect(types(render(<FavouriteCard item={item} />).container)).toEqual(['image/webp']);
  });
});
