import { describe, expect, it } from 'vitest';
import { downloadName, servedType, sniffImageType } from './served-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const PNG = bytes('\x89PNG\r\n\x1a\n');
const HTML = bytes('<!doctype html><script>alert(1)</script>');
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

describe('sniffImageType', () => {
  it('names raster images by their first bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes([0, 0, 0, 28], 'ftypavif'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('image/heic');
    expect(sniffImageType(bytes('II*\0'))).toBe('image/tiff');
  });

  it('names nothing else', () => {
    for (const b of [HTML, SVG, bytes('%PDF-1.7'), bytes('RIFF', [1, 2, 3, 4], 'WAVE'), bytes([0, 0, 0, 24], 'ftypisom'), new Uint8Array()]) {
      expect(sniffImageType(b)).toBeNull();
    }
  });
});

describe('servedType', () => {
  it('serves an image label by the bytes, and non-images under it as octet-stream', () => {
    expect(servedType('image/jpeg', JPEG)).toBe('image/jpeg');
    expect(servedType('image/png', JPEG)).toBe('image/jpeg');
    expect(servedType('image/jpeg', HTML)).toBe('application/octet-stream');
    expect(servedType('image/jpeg', SVG)).toBe('application/octet-stream');
    expect(servedType('image/svg+xml', SVG)).toBe('application/octet-stream');
    expect(servedType('IMAGE/PNG', HTML)).toBe('application/octet-stream');
  });

  it('keeps any other label as stored', () => {
    expect(servedType('text/plain;charset=UTF-8', HTML)).toBe('text/plain;charset=UTF-8');
    expect(servedType('application/pdf', bytes('%PDF'))).toBe('application/pdf');
    expect(servedType('application/octet-stream', JPEG)).toBe('application/octet-stream');
    expect(servedType(undefined, JPEG)).toBe('application/octet-stream');
  });
});

describe('downloadName', () => {
  it('keeps a requested name whose extension fits the served type', () => {
    expect(downloadName('foto.jpg', 'u/a/b.jpg', 'image/jpeg')).toBe('foto.jpg');
    expect(downloadName('Foto.JPEG', 'u/a/b.jpg', 'image/jpeg')).toBe('Foto.JPEG');
    expect(downloadName('nota.txt', 'u/n', 'text/plain;charset=UTF-8')).toBe('nota.txt');
  });

  it("uses the object's own name otherwise", () => {
    expect(downloadName('fattura.exe', 'u/a/b.jpg', 'image/jpeg')).toBe('b.jpg');
    expect(downloadName('foto.png', 'u/a/b.jpg', 'image/jpeg')).toBe('b.jpg');
    expect(downloadName('foto', 'u/a/b.jpg', 'image/jpeg')).toBe('b.jpg');
    expect(downloadName('page.html', 'u/evil.jpg', 'application/octet-stream')).toBe('evil.jpg');
    expect(downloadName('', 'u/a/b.jpg', 'image/jpeg')).toBe('b.jpg');
    expect(downloadName(null, 'u/a/b.jpg', 'image/jpeg')).toBe('b.jpg');
  });
});
