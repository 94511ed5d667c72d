import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@/test/render.tsx';
import { PhotoGallery } from './PhotoGallery.tsx';

const photos = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, url: `https://cdn.example/p${i}.jpg`, is_primary: i === 0, created_at: '2026-11-01T10:00:00Z' }));

// jsdom decodes no images: decode() settles at once.
const image: { decode?: () => Promise<void> } = HTMLImageElement.prototype;
image.decode ??= () => Promise.resolve();

describe('PhotoGallery', () => {
  it('asks for the first photo, then for the others once it has been drawn', async () => {
    render(<PhotoGallery photos={photos} title="Sofia" />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(5);
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example/p0.jpg', null, null, null, null]);
    fireEvent.load(images[0]!);
    await waitFor(() => expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => p.url)));
  });

  it('asks for the others when the first fails, or when the visitor moves on', async () => {
    const { unmount } = render(<PhotoGallery photos={photos} title="Sofia" />);
    fireEvent.error(screen.getAllByRole('img')[0]!);
    await waitFor(() => expect(screen.getAllByRole('img')[4]).toHaveAttribute('src', photos[4]!.url));
    unmount();
    render(<PhotoGallery photos={photos} title="Sofia" />);
    fireEvent.keyDown(screen.getByTestId('gallery'), { key: 'ArrowRight' });
    expect(screen.getAllByRole('img')[1]).toHaveAttribute('src', photos[1]!.url);
  });
});
