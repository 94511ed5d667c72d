/**
 * Generates the app icons (192, 512, maskable 192/512) and the manifest screenshots from
 * SVG with sharp: `npx tsx scripts/gen-icons.ts`. The PNGs are committed under public/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const out = join(import.meta.dirname, '..', 'public');
const heart = 'M256 400 C 120 300 80 240 80 180 C 80 130 120 96 166 96 C 200 96 232 116 256 150 C 280 116 312 96 346 96 C 392 96 432 130 432 180 C 432 240 392 300 256 400 Z';

function icon(maskable: boolean): string {
  // Maskable icons keep their drawing inside the 80% safe zone and fill the whole square.
  const scale = maskable ? 0.62 : 0.78;
  const offset = (512 - 512 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e91e63"/><stop offset="1" stop-color="#8e24aa"/></linearGradient></defs>
  ${maskable ? '<rect width="512" height="512" fill="url(#g)"/>' : '<rect x="16" y="16" width="480" height="480" rx="112" fill="url(#g)"/>'}
  <g transform="translate(${offset} ${offset + 10}) scale(${scale})"><path d="${heart}" fill="#fff"/></g>
</svg>`;
}

function screenshot(w: number, h: number): string {
  const cardW = w > h ? 360 : w - 48;
  const cols = w > h ? 3 : 1;
  const cards = Array.from({ length: cols * 2 }, (_, i) => {
    const x = 24 + (i % cols) * (cardW + 24);
    const y = 140 + Math.floor(i / cols) * (h > w ? 520 : 300);
    const ph = h > w ? 360 : 180;
    return `<g transform="translate(${x} ${y})"><rect width="${cardW}" height="${ph + 120}" rx="16" fill="#fff" stroke="#eee"/>
      <rect width="${cardW}" height="${ph}" rx="16" fill="#f8bbd0"/><rect x="16" y="${ph + 20}" width="${cardW * 0.7}" height="22" rx="6" fill="#333"/>
      <rect x="16" y="${ph + 58}" width="${cardW * 0.5}" height="16" rx="6" fill="#999"/>${i === 0 ? `<rect x="12" y="12" width="64" height="28" rx="14" fill="#e53935"/><text x="44" y="32" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">Hot</text>` : ''}</g>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#fafafa"/>
  <rect width="${w}" height="96" fill="#c2185b"/><text x="24" y="60" font-family="sans-serif" font-size="32" font-weight="700" fill="#fff">Incontri Italia</text>${cards}</svg>`;
}

mkdirSync(join(out, 'icons'), { recursive: true });
mkdirSync(join(out, 'screenshots'), { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(icon(false))).resize(size, size).png().toFile(join(out, 'icons', `icon-${size}.png`));
  await sharp(Buffer.from(icon(true))).resize(size, size).png().toFile(join(out, 'icons', `maskable-${size}.png`));
}
await sharp(Buffer.from(icon(false))).resize(180, 180).flatten({ background: '#ffffff' }).png().toFile(join(out, 'icons', 'apple-touch-icon.png'));
await sharp(Buffer.from(screenshot(540, 1200))).png().toFile(join(out, 'screenshots', 'home-narrow.png'));
await sharp(Buffer.from(screenshot(1280, 720))).png().toFile(join(out, 'screenshots', 'home-wide.png'));
console.log('icons and screenshots written to public/');
