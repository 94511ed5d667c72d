import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { fireEvent, render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';
import type { DraftPhoto } from '../api.ts';
import { PhotoPicker } from './PhotoPicker.tsx';

const v = t.photos.validation;

const jpegBytes = async () => new Uint8Array(await sharp({ create: { width: 50, height: 60, channels: 3, background: '#abcdef' } }).jpeg().toBuffer());

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId('photo-input'), { target: { files } });
}

const draft = (id: string): DraftPhoto => ({ id, cropped: new Blob(['x'], { type: 'image/jpeg' }), original: new Blob(['y'], { type: 'image/jpeg' }) });

describe('PhotoPicker', () => {
  beforeEach(() => {
    // jsdom decodes no images; the browser's decoder is stood in for by a bitmap of the right size.
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 50, height: 60, close: () => undefined })));
    if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a text file renamed .jpg, a 30 MB image and a GIF, each with its message', async () => {
    render(<PhotoPicker value={[]} onChange={() => undefined} max={5} />);
    const big = new File([await jpegBytes(), new Uint8Array(30 * 1024 * 1024)], 'enorme.jpg', { type: 'image/jpeg' });
    choose([
      new File(['Questo non è una foto, è un testo.'], 'finta.jpg', { type: 'image/jpeg' }),
      big,
      new File(['GIF89a....'], 'gatto.gif', { type: 'image/gif' }),
    ]);
    const alert = await screen.findByTestId('photo-errors');
    expect(alert).toHaveTextContent(v.notImage('finta.jpg'));
    expect(alert).toHaveTextContent(v.tooBig('enorme.jpg', '30'));
    expect(alert).toHaveTextContent(v.wrongType('gatto.gif'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a sixth photo with the limit message', async () => {
    render(<PhotoPicker value={['a', 'b', 'c', 'd'].map(draft)} onChange={() => undefined} max={5} />);
    choose([new File([await jpegBytes()], 'uno.jpg', { type: 'image/jpeg' }), new File([await jpegBytes()], 'due.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByTestId('photo-errors')).toHaveTextContent(v.tooMany(5));
    // The one that fits goes on to the crop dialog.
    expect(await screen.findByRole('dialog', { name: t.photos.crop.title })).toBeInTheDocument();
  });

  it("counts a listing's saved photos against its limit: '3 di 5 foto', room for 2, no second Primaria", async () => {
    render(<PhotoPicker value={['a'].map(draft)} onChange={() => undefined} max={5} saved={2} />);
    expect(screen.getByText(`${t.photos.picker.hint(5)} ${t.photos.picker.count(3, 5)}`)).toBeInTheDocument();
    expect(screen.queryByText(t.photos.picker.primary)).toBeNull();
    choose([1, 2, 3].map((n) => new File([new Uint8Array(0)], `${n}.jpg`, { type: 'image/jpeg' })));
    expect(await screen.findByTestId('photo-errors')).toHaveTextContent(v.tooMany(5));
  });

  it('disables choosing when full and marks the first photo Primaria', () => {
    render(<PhotoPicker value={['a', 'b'].map(draft)} onChange={() => undefined} max={2} />);
    expect(screen.getByRole('button', { name: t.photos.picker.gallery })).toBeDisabled();
    expect(screen.getByRole('button', { name: t.photos.picker.camera })).toBeDisabled();
    expect(screen.getAllByText(t.photos.picker.primary)).toHaveLength(1);
  });

  it('removes a chosen photo', async () => {
    const onChange = vi.fn();
    render(<PhotoPicker value={['a', 'b'].map(draft)} onChange={onChange} max={5} />);
    await userEvent.click(screen.getByRole('button', { name: t.photos.picker.remove(1) }));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ id: 'b' })]);
  });

  it('offers the camera with capture and any image type', () => {
    render(<PhotoPicker value={[]} onChange={() => undefined} max={5} />);
    const camera = screen.getByTestId('photo-camera-input');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
  });

  it('opens the crop dialog for an image; without an area it says so; Annulla adds nothing', async () => {
    const onChange = vi.fn();
    render(<PhotoPicker value={[]} onChange={onChange} max={5} />);
    choose([new File([await jpegBytes()], 'foto.jpg', { type: 'image/jpeg' })]);
    const dialog = await screen.findByRole('dialog', { name: t.photos.crop.title });
    expect(screen.getByRole('slider', { name: t.photos.crop.zoom })).toHaveAttribute('aria-valuemin', '1');
    await userEvent.click(screen.getByRole('button', { name: t.photos.crop.save }));
    expect(await screen.findByText(t.photos.crop.noArea)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: t.photos.crop.cancel }).at(-1)!);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });
});
