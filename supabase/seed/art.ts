/**
 * Abstract / illustrated demo pictures as SVG (never people): gradients, soft bokeh,
 * a city skyline, flowers, hearts, waves, a night sky, with the city's name in elegant
 * type. Pure and deterministic: the same listing and index give the same picture.
 *
 * The canvas is square (the "original" upload, 1000x1000); the 4:5 crop the app shows is
 * its centre band (800x1000, x 120..1080 in drawing units), so every important element
 * stays inside it.
 */
import { prng } from './data.ts';

/** Drawing coordinates are 0..1200; pictures are rendered at ORIGINAL_SIZE px square. */
const S = 1200;
export const ORIGINAL_SIZE = 1000;
/** The 4:5 crop (800x1000) of the rendered original: its centre band. */
export const CROP = { left: 100, top: 0, width: 800, height: 1000 } as const;

const PALETTES: [string, string, string, string][] = [
  // [from, to, accent, light]
  ['#3b0a2a', '#b0305c', '#f6a5c0', '#ffe3ec'],
  ['#1d1442', '#6a3fb5', '#d6a8ff', '#f3e8ff'],
  ['#5a1a1a', '#e0674b', '#ffc9a3', '#fff0e2'],
  ['#0b2740', '#1f7a8c', '#9fe3e0', '#e6fbfa'],
  ['#141414', '#5b4a2f', '#e6c27a', '#fff6df'],
  ['#3d1d4f', '#d45d9b', '#ffc2e0', '#fff0f7'],
  ['#2b1035', '#f06a4d', '#ffd27f', '#fff4dc'],
  ['#0f3030', '#2e8b6e', '#b8f0c9', '#ecfff2'],
  ['#241a3b', '#c04878', '#f9b4c9', '#fde7ef'],
  ['#101a3a', '#3a56b0', '#a9c1ff', '#e9efff'],
];

function hashString(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (n: number) => (Math.round(n * 10) / 10).toString();

export type Motif = 'skyline' | 'flowers' | 'hearts' | 'waves' | 'night';
export const MOTIFS: Motif[] = ['skyline', 'flowers', 'hearts', 'waves', 'night'];

export interface ArtInput {
  listingId: string;
  index: number;
  city: string;
  zone?: string | null;
  category?: string;
}

/** Which motif a given photo uses: the first photo of a listing rotates through all of them. */
export function motifFor(listingId: string, index: number): Motif {
  return MOTIFS[(hashString(listingId) + index) % MOTIFS.length]!;
}

function heart(cx: number, cy: number, s: number): string {
  // a heart of width ~2s centred at (cx, cy)
  return `M ${f(cx)} ${f(cy + s * 0.9)} C ${f(cx - s * 1.6)} ${f(cy - s * 0.1)} ${f(cx - s * 0.9)} ${f(cy - s * 1.2)} ${f(cx)} ${f(cy - s * 0.45)} C ${f(cx + s * 0.9)} ${f(cy - s * 1.2)} ${f(cx + s * 1.6)} ${f(cy - s * 0.1)} ${f(cx)} ${f(cy + s * 0.9)} Z`;
}

function flower(r: () => number, cx: number, cy: number, size: number, petal: string, core: string): string {
  const petals = 5 + Math.floor(r() * 4);
  const rot = r() * 360;
  const parts: string[] = [];
  for (let i = 0; i < petals; i++) {
    const a = rot + (360 / petals) * i;
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy - size * 0.55)}" rx="${f(size * 0.28)}" ry="${f(size * 0.55)}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})" fill="${petal}" fill-opacity="0.85"/>`);
  }
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.2)}" fill="${core}"/>`);
  return parts.join('');
}

function skyline(r: () => number, baseY: number, color: string, windows: string): string {
  const parts: string[] = [];
  let x = 100;
  while (x < 1100) {
    const w = 50 + r() * 90;
    const h = 120 + r() * 330;
    const kind = r();
    const top = baseY - h;
    if (kind < 0.15) {
      // bell tower (campanile) with a pointed roof
      parts.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w * 0.6)}" height="${f(h)}" fill="${color}"/>`);
      parts.push(`<path d="M ${f(x - 6)} ${f(top)} L ${f(x + w * 0.3)} ${f(top - 70)} L ${f(x + w * 0.6 + 6)} ${f(top)} Z" fill="${color}"/>`);
      x += w * 0.6;
    } else if (kind < 0.3) {
      // a dome (duomo)
      parts.push(`<rect x="${f(x)}" y="${f(top + 40)}" width="${f(w * 1.4)}" height="${f(h - 40)}" fill="${color}"/>`);
      parts.push(`<path d="M ${f(x + 8)} ${f(top + 42)} Q ${f(x + w * 0.7)} ${f(top - 70)} ${f(x + w * 1.4 - 8)} ${f(top + 42)} Z" fill="${color}"/>`);
      parts.push(`<rect x="${f(x + w * 0.7 - 5)}" y="${f(top - 62)}" width="10" height="30" fill="${color}"/>`);
      x += w * 1.4;
    } else {
      parts.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="${color}"/>`);
      for (let wy = top + 24; wy < baseY - 30; wy += 38) {
        for (let wx = x + 12; wx < x + w - 18; wx += 26) {
          if (r() < 0.35) parts.push(`<rect x="${f(wx)}" y="${f(wy)}" width="10" height="16" fill="${windows}" fill-opacity="0.8"/>`);
        }
      }
      x += w;
    }
    x += 4 + r() * 14;
  }
  parts.push(`<rect x="0" y="${f(baseY)}" width="1200" height="${f(1200 - baseY)}" fill="${color}"/>`);
  return parts.join('');
}

/** The SVG source of one demo picture (1200x1200). */
export function artSvg(input: ArtInput): string {
  const seed = hashString(`${input.listingId}#${input.index}`);
  const r = prng(seed);
  const [from, to, accent, light] = PALETTES[seed % PALETTES.length]!;
  const motif = motifFor(input.listingId, input.index);
  const angle = Math.floor(r() * 360);
  const body: string[] = [];

  // soft bokeh
  for (let i = 0; i < 6; i++) {
    const cx = r() * S;
    const cy = r() * S * 0.8;
    const rad = 40 + r() * 160;
    body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="url(#glow)" opacity="${f(0.25 + r() * 0.5)}"/>`);
  }

  switch (motif) {
    case 'skyline':
      body.push(`<circle cx="${f(300 + r() * 600)}" cy="${f(300 + r() * 120)}" r="${f(90 + r() * 50)}" fill="${light}" fill-opacity="0.85"/>`);
      body.push(`<g opacity="0.55">${skyline(r, 980, from, accent)}</g>`);
      body.push(`<g>${skyline(r, 1040, '#0d0710', accent)}</g>`);
      break;
    case 'flowers':
      for (let i = 0; i < 7; i++) {
        const cx = 180 + r() * 840;
        const cy = 160 + r() * 620;
        body.push(flower(r, cx, cy, 60 + r() * 110, i % 2 ? accent : light, i % 2 ? light : to));
      }
      break;
    case 'hearts':
      for (let i = 0; i < 12; i++) {
        const cx = 170 + r() * 860;
        const cy = 150 + r() * 650;
        const s = 25 + r() * 70;
        body.push(`<path d="${heart(cx, cy, s)}" fill="${i % 3 ? accent : light}" fill-opacity="${f(0.45 + r() * 0.5)}" transform="rotate(${f(-20 + r() * 40)} ${f(cx)} ${f(cy)})"/>`);
      }
      body.push(`<path d="${heart(600, 470, 150)}" fill="none" stroke="${light}" stroke-width="6" stroke-opacity="0.9"/>`);
      break;
    case 'waves':
      for (let i = 0; i < 6; i++) {
        const y = 260 + i * 115 + r() * 40;
        const a = 60 + r() * 90;
        body.push(
          `<path d="M -20 ${f(y)} C 300 ${f(y - a)} 500 ${f(y + a)} 800 ${f(y)} S 1100 ${f(y - a)} 1220 ${f(y)} L 1220 1220 L -20 1220 Z" fill="${i % 2 ? accent : light}" fill-opacity="${f(0.10 + i * 0.05)}"/>`,
        );
      }
      break;
    case 'night':
      for (let i = 0; i < 70; i++) {
        body.push(`<circle cx="${f(r() * S)}" cy="${f(r() * S * 0.75)}" r="${f(1 + r() * 3.5)}" fill="${light}" fill-opacity="${f(0.4 + r() * 0.6)}"/>`);
      }
      body.push(`<circle cx="780" cy="330" r="120" fill="${light}" mask="url(#crescent)"/>`);
      body.push(`<g opacity="0.9">${skyline(r, 1060, '#07040a', accent)}</g>`);
      break;
  }

  // a decorative frame line inside the 4:5 band and the city in elegant type
  const zone = input.zone ? esc(input.zone) : '';
  body.push(`<rect x="160" y="40" width="880" height="1120" rx="28" fill="none" stroke="${light}" stroke-opacity="0.35" stroke-width="3"/>`);
  body.push(`<rect x="120" y="770" width="960" height="430" fill="url(#shade)"/>`);
  body.push(
    `<text x="600" y="900" text-anchor="middle" font-family="Liberation Serif, DejaVu Serif, Georgia, serif" font-style="italic" font-size="${input.city.length > 8 ? 104 : 124}" fill="${light}" letter-spacing="2">${esc(input.city)}</text>`,
  );
  if (zone) {
    body.push(
      `<text x="600" y="975" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, Helvetica, sans-serif" font-size="40" fill="${light}" fill-opacity="0.9" letter-spacing="10">${zone.toUpperCase()}</text>`,
    );
  }
  body.push(`<path d="${heart(600, 1055, 16)}" fill="${accent}"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ORIGINAL_SIZE}" height="${ORIGINAL_SIZE}" viewBox="0 0 ${S} ${S}">
<defs>
<mask id="crescent"><rect width="${S}" height="${S}" fill="#fff"/><circle cx="840" cy="295" r="112" fill="#000"/></mask>
<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>
</defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>
${body.join('\n')}
</svg>`;
}
