/** Byte helpers shared by the format walkers: plain Uint8Array, so Deno, Node and browsers run them alike. */

/** Why an image was refused: its bytes are no JPEG, PNG or WebP, or they are one but do not parse. */
export type ImageFault = 'not_image' | 'broken';

export class ImageError extends Error {
  constructor(
    readonly fault: ImageFault,
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

/** A file that announces a format but does not hold together. */
export const broken = (message: string) => new ImageError('broken', message);

/** A block of a file (a JPEG segment, a PNG or WebP chunk): what it is, and the bytes it spans. */
export interface Block<Id> {
  id: Id;
  start: number;
  end: number;
}

export const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
export const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
export const u16le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8);
export const u24le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16);
export const u32le = (b: Uint8Array, at: number) => u24le(b, at) + ((b[at + 3]! << 24) >>> 0);

export const startsWith = (b: Uint8Array, at: number, text: string) => {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

export const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
