import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@/test/render.tsx';

vi.mock('@/lib/heldPhoto.ts', async () => {
  const { useState } = await import('react');
  return {
    useHeldPhoto: (url: string | undefined) => {
      const [held, setHeld] = useState(false);
      return { src: held ? 'https://signed.example/held.jpg' : url, held, onError: () => setHeld(true) };
    },
  };
});
const { StoredPhoto } = await import('./StoredPhoto.tsx');

describe('StoredPhoto', () => {
  it('shows the public crop, and the held copy once it fails', async () => {
    render(<StoredPhoto src="https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg" alt="Foto 1" />);
    const img = screen.getByAltText('Foto 1');
    expect(img.getAttribute('src')).toBe('https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg');
    fireEvent.error(img);
    await waitFor(() => expect(screen.getByAltText('Foto 1').getAttribute('src')).toBe('https://signed.example/held.jpg'));
  });
});
