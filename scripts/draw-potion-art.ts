/**
 * Draws the catalogue's bottle illustrations into public/images/potions, as SVG (the source) and as WebP (what the
 * shop shows).
 *
 *   npx tsx scripts/draw-potion-art.ts
 *
 * The shop links the WebP copies because a browser lays out every SVG <img> as a document of its own on the page's
 * main thread: twenty-four of them doubled the catalogue's first layout on a phone, while a raster image decodes
 * off the main thread. The rasterising is done by Debian's Chromium (CHROME_PATH), the browser the tests use.
 *
 * Every choice (silhouette, stopper, proportions, stars) is derived from the potion's slug, so re-running the
 * script reproduces the same files byte for byte and a new potion gets its own look without hand-drawing.
 * The output must stay self-contained (no fonts, images or links) because the files are served as <img>
 * sources, where external references would not load anyway.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { CategoryId } from '../domain/catalogue.ts';
import { seedPotions, type SeedPotion } from '../server/db/seed/potions.ts';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images', 'potions');
const WIDTH = 400;
const HEIGHT = 500;
const CX = WIDTH / 2;
/** Where every bottle stands, so the shelf line is the same across the whole catalogue grid. */
const FLOOR = 428;
const MAX_BYTES = 6 * 1024;
/** The raster copy is 1.5× the drawing, sharp on the catalogue's cards on a phone's dense screen. */
const RASTER_SCALE = 1.5;
const WEBP_QUALITY = 0.82;
const MAX_WEBP_BYTES = 20 * 1024;

const GOLD = '#e9c46a';
const STAR = '#f6e7b8';

/** Hand-picked liquid colours, so neighbouring cards in the grid never look alike. */
const LIQUID: Record<string, string> = {
  valor: '#e8a030',
  'da-bomb': '#ff5a2e',
  'oriental-forent': '#a0306f',
  'dazzling-dream': '#d7a6ff',
  'in-the-wilds': '#2fa866',
  'dark-poppy': '#a8102c',
  'arctic-paradise': '#7fdcff',
  pereisia: '#ff5d8f',
  'midnight-vesper': '#b8742c',
  'sunwise-circle': '#f5c542',
  'nine-wicks': '#ec9a3a',
  'velvet-hex': '#b0184f',
  'raat-rani': '#f3d9a4',
  'scarlet-thread': '#e0243f',
  'iron-ward': '#6f93ab',
  hearthguard: '#7aa83f',
  nazar: '#2a6ff0',
  chrysalis: '#a7d36b',
  umbra: '#7246d6',
  scriptorium: '#b0682e',
  'oracle-smoke': '#3fa7b8',
  'owl-hour': '#6076ee',
  'first-rain': '#4fc3a0',
  hush: '#a5b6f7',
};

/** Used for potions added later that have no colour of their own yet. */
const CATEGORY_LIQUID: Record<CategoryId, string> = {
  signature: '#d4a24c',
  ritual: '#d98f2b',
  seduction: '#d6336c',
  protection: '#1f9e8a',
  transformation: '#9a5cf0',
  wisdom: '#4a6cf0',
  healing: '#7cc96b',
};

type Rng = () => number;

function hash(text: string): number {
  // FNV-1a: tiny, stable across platforms, and good enough to scatter slugs.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function seeded(text: string): Rng {
  let state = hash(text);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal is invisible at display size and keeps every file well under the size budget. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function mix(hex: string, toward: string, amount: number): string {
  const parse = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const a = parse(hex);
  const b = parse(toward);
  return `#${a
    .map((channel, i) => Math.round(channel + ((b[i] ?? channel) - channel) * amount))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Bottle silhouettes. Each is described by its left half only (x as an offset from the centre line, running
// from the top of the neck down to the middle of the base); the right half is the mirror image, which keeps
// every bottle perfectly symmetrical and halves the geometry to get right.

type Pt = [number, number];
type Seg =
  | { k: 'L'; p: Pt }
  | { k: 'Q'; c: Pt; p: Pt }
  | { k: 'C'; c1: Pt; c2: Pt; p: Pt }
  | { k: 'A'; rx: number; ry: number; p: Pt };

interface Bottle {
  start: Pt;
  left: Seg[];
  neckWidth: number;
  neckTop: number;
  bodyTop: number;
  /** Half the widest part of the body, for gradients that should span the glass rather than the canvas. */
  halfWidth: number;
  labelY: number;
  labelR: number;
  /** The glass reflection, in absolute coordinates; it is clipped to the bottle, so it may overshoot. */
  streak: string;
  /** Cut-glass lines and similar detail, in absolute coordinates. */
  facets?: string;
}

const at = (p: Pt) => `${n(CX + p[0])} ${n(p[1])}`;
const mirrored = (p: Pt) => `${n(CX - p[0])} ${n(p[1])}`;

function outline(bottle: Bottle): string {
  let d = `M${at(bottle.start)}`;
  const walked: { seg: Seg; from: Pt }[] = [];
  let from = bottle.start;
  for (const seg of bottle.left) {
    walked.push({ seg, from });
    from = seg.p;
    if (seg.k === 'L') d += `L${at(seg.p)}`;
    else if (seg.k === 'Q') d += `Q${at(seg.c)} ${at(seg.p)}`;
    else if (seg.k === 'C') d += `C${at(seg.c1)} ${at(seg.c2)} ${at(seg.p)}`;
    else d += `A${n(seg.rx)} ${n(seg.ry)} 0 0 0 ${at(seg.p)}`;
  }
  // Walking back up the right side reverses each segment and mirrors it; for arcs the two flips of the sweep
  // direction cancel out, so the flags stay as they are.
  for (const { seg, from: to } of walked.reverse()) {
    if (seg.k === 'L') d += `L${mirrored(to)}`;
    else if (seg.k === 'Q') d += `Q${mirrored(seg.c)} ${mirrored(to)}`;
    else if (seg.k === 'C') d += `C${mirrored(seg.c2)} ${mirrored(seg.c1)} ${mirrored(to)}`;
    else d += `A${n(seg.rx)} ${n(seg.ry)} 0 0 0 ${mirrored(to)}`;
  }
  return `${d}Z`;
}

function roundFlask(r: Rng): Bottle {
  const R = 98 + r() * 12;
  const nw = 30;
  const cy = FLOOR - R;
  const sy = cy - Math.sqrt(R * R - (nw / 2) ** 2);
  const neckTop = sy - 44 - r() * 10;
  const k = R * 0.8;
  return {
    start: [-nw / 2, neckTop],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'A', rx: R, ry: R, p: [0, FLOOR] },
    ],
    halfWidth: R,
    neckWidth: nw,
    neckTop,
    bodyTop: cy - R,
    labelY: cy + 6,
    labelR: 34,
    streak: `M${n(CX - k * 0.82)} ${n(cy - k * 0.57)}A${n(k)} ${n(k)} 0 0 0 ${n(CX - k * 0.87)} ${n(cy + k * 0.5)}`,
  };
}

function apothecary(r: Rng): Bottle {
  const hw = 68 + r() * 10;
  const nw = 36;
  const sy = 150 + r() * 22;
  const neckTop = sy - 30 - r() * 8;
  return {
    start: [-nw / 2, neckTop],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'C', c1: [-nw / 2, sy + 16], c2: [-hw, sy + 6], p: [-hw, sy + 36] },
      { k: 'L', p: [-hw, FLOOR - 14] },
      { k: 'Q', c: [-hw, FLOOR], p: [-hw + 14, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: hw,
    neckWidth: nw,
    neckTop,
    bodyTop: sy,
    labelY: sy + (FLOOR - sy) * 0.56,
    labelR: 32,
    streak: `M${n(CX - hw + 15)} ${n(sy + 52)}V${n(FLOOR - 40)}`,
  };
}

function faceted(r: Rng): Bottle {
  const hw = 86 + r() * 10;
  const nw = 32;
  const sy = 178 + r() * 16;
  const neckTop = sy - 36;
  const ix = hw * 0.48;
  const y1 = sy + 42;
  const y2 = FLOOR - 52;
  const corners: [Pt, Pt][] = [
    [[-hw * 0.6, sy], [-ix, y1]],
    [[-hw, sy + 48], [-ix, y1]],
    [[-hw, FLOOR - 62], [-ix, y2]],
    [[-hw * 0.56, FLOOR], [-ix, y2]],
  ];
  let facets = `M${at([-ix, y1])}H${n(CX + ix)}V${n(y2)}H${n(CX - ix)}Z`;
  for (const [outer, inner] of corners) {
    facets += `M${at(outer)}L${at(inner)}M${mirrored(outer)}L${mirrored(inner)}`;
  }
  return {
    start: [-nw / 2, neckTop],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'L', p: [-hw * 0.6, sy] },
      { k: 'L', p: [-hw, sy + 48] },
      { k: 'L', p: [-hw, FLOOR - 62] },
      { k: 'L', p: [-hw * 0.56, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: hw,
    neckWidth: nw,
    neckTop,
    bodyTop: sy,
    labelY: (y1 + y2) / 2,
    labelR: 30,
    streak: `M${n(CX - hw + 11)} ${n(sy + 58)}V${n(FLOOR - 72)}`,
    facets,
  };
}

function teardrop(r: Rng): Bottle {
  const R = 90 + r() * 10;
  const nw = 26;
  const cy = FLOOR - R;
  const sy = cy - R * 1.45 - r() * 12;
  return {
    start: [-nw / 2, sy - 40],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'C', c1: [-nw / 2, sy + R * 0.5], c2: [-R, cy - R * 0.75], p: [-R, cy] },
      { k: 'A', rx: R, ry: R, p: [0, FLOOR] },
    ],
    halfWidth: R,
    neckWidth: nw,
    neckTop: sy - 40,
    bodyTop: sy,
    labelY: cy,
    labelR: 32,
    streak: `M${n(CX - R * 0.5)} ${n(cy - R * 0.78)}Q${n(CX - R * 0.9)} ${n(cy)} ${n(CX - R * 0.62)} ${n(cy + R * 0.55)}`,
  };
}

function squareBottle(r: Rng): Bottle {
  const hw = 92 + r() * 8;
  const h = 168 + r() * 20;
  const sy = FLOOR - h;
  const nw = 44;
  return {
    start: [-nw / 2, sy - 26 - r() * 6],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'L', p: [-hw + 16, sy] },
      { k: 'Q', c: [-hw, sy], p: [-hw, sy + 16] },
      { k: 'L', p: [-hw, FLOOR - 16] },
      { k: 'Q', c: [-hw, FLOOR], p: [-hw + 16, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: hw,
    neckWidth: nw,
    neckTop: sy - 28,
    bodyTop: sy,
    labelY: sy + h / 2,
    labelR: 34,
    streak: `M${n(CX - hw + 22)} ${n(sy + 26)}V${n(FLOOR - 28)}`,
    facets: `M${n(CX - hw + 12)} ${n(sy + 12)}H${n(CX + hw - 12)}V${n(FLOOR - 12)}H${n(CX - hw + 12)}Z`,
  };
}

function conical(r: Rng): Bottle {
  const hw = 104 + r() * 10;
  const nw = 34;
  const sy = FLOOR - 200 - r() * 16;
  const edge = (t: number, inset: number) => `${n(CX - nw / 2 + t * (nw / 2 - hw) + inset)} ${n(sy + t * (FLOOR - sy))}`;
  return {
    start: [-nw / 2, sy - 44],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'L', p: [-hw + 5, FLOOR - 16] },
      { k: 'Q', c: [-hw - 1, FLOOR], p: [-hw + 18, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: hw,
    neckWidth: nw,
    neckTop: sy - 44,
    bodyTop: sy,
    labelY: FLOOR - 66,
    labelR: 32,
    streak: `M${edge(0.3, 13)}L${edge(0.82, 16)}`,
  };
}

function pebble(r: Rng): Bottle {
  const rx = 80 + r() * 8;
  const ry = 116 + r() * 10;
  const nw = 28;
  const cy = FLOOR - ry;
  const sy = cy - ry * Math.sqrt(1 - (nw / 2 / rx) ** 2);
  const neckTop = sy - 42 - r() * 8;
  return {
    start: [-nw / 2, neckTop],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'A', rx, ry, p: [0, FLOOR] },
    ],
    halfWidth: rx,
    neckWidth: nw,
    neckTop,
    bodyTop: cy - ry,
    labelY: cy + 8,
    labelR: 32,
    streak: `M${n(CX - rx * 0.62)} ${n(cy - ry * 0.5)}A${n(rx * 0.8)} ${n(ry * 0.8)} 0 0 0 ${n(CX - rx * 0.7)} ${n(cy + ry * 0.38)}`,
  };
}

function amphora(r: Rng): Bottle {
  const hw = 86 + r() * 8;
  const nw = 30;
  const sy = FLOOR - 238 - r() * 10;
  const waist = hw * 0.62;
  return {
    start: [-nw / 2, sy - 34],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'C', c1: [-nw / 2, sy + 22], c2: [-hw, sy + 8], p: [-hw, sy + 58] },
      { k: 'C', c1: [-hw, sy + 100], c2: [-waist, sy + 110], p: [-waist, sy + 138] },
      { k: 'C', c1: [-waist, sy + 166], c2: [-hw, FLOOR - 72], p: [-hw, FLOOR - 34] },
      { k: 'Q', c: [-hw, FLOOR], p: [-hw * 0.6, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: hw,
    neckWidth: nw,
    neckTop: sy - 34,
    bodyTop: sy,
    labelY: FLOOR - 46,
    labelR: 28,
    streak: `M${n(CX - hw + 16)} ${n(sy + 38)}Q${n(CX - hw + 9)} ${n(sy + 70)} ${n(CX - hw + 20)} ${n(sy + 104)}`,
  };
}

function obelisk(r: Rng): Bottle {
  const top = 50 + r() * 6;
  const base = 76 + r() * 8;
  const nw = 30;
  const sy = FLOOR - 258 - r() * 10;
  const facets = `M${at([-top * 0.45, sy + 20])}L${at([-base * 0.45, FLOOR])}M${mirrored([-top * 0.45, sy + 20])}L${mirrored([-base * 0.45, FLOOR])}`;
  return {
    start: [-nw / 2, sy - 30],
    left: [
      { k: 'L', p: [-nw / 2, sy] },
      { k: 'L', p: [-top, sy + 20] },
      { k: 'L', p: [-base, FLOOR - 10] },
      { k: 'Q', c: [-base, FLOOR], p: [-base + 10, FLOOR] },
      { k: 'L', p: [0, FLOOR] },
    ],
    halfWidth: base,
    neckWidth: nw,
    neckTop: sy - 30,
    bodyTop: sy,
    labelY: sy + (FLOOR - sy) * 0.56,
    labelR: 28,
    streak: `M${n(CX - top + 11)} ${n(sy + 40)}L${n(CX - base + 14)} ${n(FLOOR - 30)}`,
    facets,
  };
}

const SILHOUETTES = [roundFlask, apothecary, faceted, teardrop, squareBottle, conical, pebble, amphora, obelisk];
/**
 * Mixed into the slug hash. It was picked because, for the current catalogue, it gives each of the eight
 * signature scents its own silhouette and spreads the rest evenly (no category repeats a shape); changing it
 * reshuffles every bottle.
 */
const SILHOUETTE_SALT = 'ampoule:551';

// ---------------------------------------------------------------------------------------------------------
// Stoppers, collars and decoration. All gold shares one gradient so the set reads as one house style.

function stopper(kind: number, base: number, neckWidth: number): string {
  const fill = 'fill="url(#au)"';
  const shine = (x: number, y: number, rx: number, ry: number) =>
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" opacity=".45"/>`;
  switch (kind) {
    case 0: {
      const r = 22;
      const cy = base - 8 - r;
      return `<rect x="${n(CX - 6)}" y="${n(base - 10)}" width="12" height="10" ${fill}/><circle cx="${CX}" cy="${n(cy)}" r="${r}" ${fill}/>${shine(CX - 8, cy - 8, 6, 4)}`;
    }
    case 1: {
      const pts: Pt[] = [
        [0, base - 74],
        [22, base - 40],
        [10, base],
        [-10, base],
        [-22, base - 40],
      ];
      const poly = pts.map(([x, y]) => `${n(CX + x)},${n(y)}`).join(' ');
      return `<polygon points="${poly}" ${fill}/><path d="M${CX} ${n(base - 74)}V${n(base)}M${n(CX - 22)} ${n(base - 40)}L${CX} ${n(base - 30)}L${n(CX + 22)} ${n(base - 40)}" stroke="#5a3d0c" stroke-width="1" opacity=".5" fill="none"/>`;
    }
    case 2:
      return `<ellipse cx="${CX}" cy="${n(base - 4)}" rx="20" ry="5" ${fill}/><path d="M${n(CX - 14)} ${n(base - 5)}L${CX} ${n(base - 68)}L${n(CX + 14)} ${n(base - 5)}Z" ${fill}/><circle cx="${CX}" cy="${n(base - 72)}" r="6" ${fill}/>`;
    case 3: {
      const w = neckWidth + 16;
      let ribs = '';
      for (let x = CX - w / 2 + 6; x < CX + w / 2 - 3; x += 6) ribs += `M${n(x)} ${n(base - 44)}V${n(base - 4)}`;
      return `<rect x="${n(CX - w / 2)}" y="${n(base - 48)}" width="${n(w)}" height="48" rx="4" ${fill}/><path d="${ribs}" stroke="#5a3d0c" stroke-width="1.2" opacity=".35"/>${shine(CX - w / 4, base - 40, 5, 3)}`;
    }
    case 4:
      return `<path d="M${n(CX - 27)} ${n(base - 6)}Q${n(CX - 29)} ${n(base - 50)} ${CX} ${n(base - 52)}Q${n(CX + 29)} ${n(base - 50)} ${n(CX + 27)} ${n(base - 6)}Z" ${fill}/><circle cx="${CX}" cy="${n(base - 58)}" r="6" ${fill}/>${shine(CX - 12, base - 36, 7, 4)}`;
    default: {
      // A horned moon cradling a pearl: the crescent is drawn lit on the left, then turned so its horns point up.
      const r = 25;
      const cy = base - 12 - r;
      return `<rect x="${n(CX - 4)}" y="${n(base - 14)}" width="8" height="14" ${fill}/><path d="${crescent(CX, cy, r, 0.3)}" ${fill} transform="rotate(-90 ${CX} ${n(cy)})"/><circle cx="${CX}" cy="${n(cy - 4)}" r="8" ${fill}/>${shine(CX - 3, cy - 7, 3, 2)}`;
    }
  }
}

/** A crescent lit on its left side; `thin` is how far the shadow eats into the disc. */
function crescent(cx: number, cy: number, r: number, thin: number): string {
  return `M${n(cx)} ${n(cy - r)}A${n(r)} ${n(r)} 0 0 0 ${n(cx)} ${n(cy + r)}A${n(r * thin)} ${n(r)} 0 0 1 ${n(cx)} ${n(cy - r)}Z`;
}

function sigil(icon: CategoryId, cx: number, cy: number, s: number): string {
  const p = (x: number, y: number) => `${n(cx + x * s)} ${n(cy + y * s)}`;
  switch (icon) {
    case 'signature':
      return `<path d="M${p(-1, 0.55)}L${p(-1, -0.45)}L${p(-0.5, 0.05)}L${p(0, -0.75)}L${p(0.5, 0.05)}L${p(1, -0.45)}L${p(1, 0.55)}ZM${p(-1, 0.82)}L${p(1, 0.82)}"/>`;
    case 'ritual':
      return `<path d="M${p(-0.35, 0.9)}L${p(-0.35, -0.1)}L${p(0.35, -0.1)}L${p(0.35, 0.9)}ZM${p(0, -0.1)}L${p(0, -0.3)}"/><path d="M${p(0, -1)}Q${p(0.34, -0.5)} ${p(0, -0.32)}Q${p(-0.34, -0.5)} ${p(0, -1)}Z" fill="${GOLD}"/>`;
    case 'seduction':
      return `<path d="M${p(0, 0.8)}C${p(-1.15, 0)} ${p(-0.8, -1)} ${p(0, -0.4)}C${p(0.8, -1)} ${p(1.15, 0)} ${p(0, 0.8)}Z"/>`;
    case 'protection':
      return `<path d="M${p(0, -0.95)}L${p(0.8, -0.62)}L${p(0.8, 0)}C${p(0.8, 0.5)} ${p(0.3, 0.8)} ${p(0, 0.98)}C${p(-0.3, 0.8)} ${p(-0.8, 0.5)} ${p(-0.8, 0)}L${p(-0.8, -0.62)}ZM${p(0, -0.5)}L${p(0, 0.55)}M${p(-0.4, -0.05)}L${p(0.4, -0.05)}"/>`;
    case 'transformation':
      return `<path d="${crescent(cx + 0.15 * s, cy, 0.9 * s, 0.45)}" fill="${GOLD}"/><circle cx="${n(cx + 0.55 * s)}" cy="${n(cy - 0.3 * s)}" r="${n(0.1 * s)}" fill="${GOLD}"/>`;
    case 'wisdom':
      return `<path d="M${p(-1, 0)}Q${p(0, -0.9)} ${p(1, 0)}Q${p(0, 0.9)} ${p(-1, 0)}Z"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(0.3 * s)}" fill="${GOLD}"/>`;
    case 'healing':
      return `<path d="M${p(-0.7, 0.75)}C${p(-0.85, -0.45)} ${p(0.15, -0.9)} ${p(0.8, -0.85)}C${p(0.9, -0.1)} ${p(0.4, 0.8)} ${p(-0.7, 0.75)}ZM${p(-0.7, 0.75)}L${p(0.45, -0.45)}"/>`;
  }
}

function sparkle(x: number, y: number, s: number): string {
  return `M${n(x)} ${n(y - s)}Q${n(x)} ${n(y)} ${n(x + s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + s)}Q${n(x)} ${n(y)} ${n(x - s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - s)}Z`;
}

/** Stars stay out of the column the bottle occupies so they read as sky rather than noise on the glass. */
function starField(r: Rng): string {
  const spot = (): Pt => {
    for (;;) {
      const x = 18 + r() * (WIDTH - 36);
      const y = 18 + r() * 330;
      if (Math.abs(x - CX) > 120 || y < 60) return [x, y];
    }
  };
  let dots = '';
  for (let i = 0; i < 12; i++) {
    const [x, y] = spot();
    dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.6 + r() * 1.1)}" opacity="${n(0.3 + r() * 0.6)}"/>`;
  }
  let glints = '';
  for (let i = 0; i < 4; i++) {
    const [x, y] = spot();
    glints += sparkle(x, y, 5 + r() * 6);
  }
  return `<g fill="${STAR}">${dots}<path d="${glints}" opacity=".85"/></g>`;
}

function moon(r: Rng): string {
  const left = r() < 0.5;
  const cx = left ? 70 + r() * 20 : 310 + r() * 20;
  const cy = 70 + r() * 20;
  const radius = 22 + r() * 6;
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 2.4)}" fill="url(#mg)"/><path d="${crescent(cx, cy, radius, 0.5)}" fill="url(#au)" transform="rotate(${left ? -25 : 25} ${n(cx)} ${n(cy)})"/>`;
}

/** A faint magic circle behind the bottle: two rings and a seven-pointed star. */
function sigilRing(): string {
  const cy = 262;
  const r = 150;
  const star = Array.from({ length: 7 }, (_, i) => {
    const a = -Math.PI / 2 + (i * 3 * 2 * Math.PI) / 7;
    return `${n(CX + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
  }).join(' ');
  return `<g fill="none" stroke="${GOLD}"><circle cx="${CX}" cy="${cy}" r="${r + 12}" opacity=".16"/><circle cx="${CX}" cy="${cy}" r="${r}" opacity=".1" stroke-dasharray="2 6"/><polygon points="${star}" opacity=".07"/></g>`;
}

// ---------------------------------------------------------------------------------------------------------

function defs(liquid: string, halfWidth: number): string {
  return `<defs>
<radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#34184f"/><stop offset=".5" stop-color="#170a26"/><stop offset="1" stop-color="#060309"/></radialGradient>
<radialGradient id="gl" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${liquid}" stop-opacity=".5"/><stop offset=".55" stop-color="${liquid}" stop-opacity=".12"/><stop offset="1" stop-color="${liquid}" stop-opacity="0"/></radialGradient>
<radialGradient id="mg" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${GOLD}" stop-opacity=".28"/><stop offset="1" stop-color="${GOLD}" stop-opacity="0"/></radialGradient>
<linearGradient id="au" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset=".35" stop-color="#e9c46a"/><stop offset=".7" stop-color="#b0841f"/><stop offset="1" stop-color="#6b4a0e"/></linearGradient>
<linearGradient id="lq" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(liquid, '#ffffff', 0.1)}"/><stop offset=".45" stop-color="${liquid}"/><stop offset="1" stop-color="${mix(liquid, '#000000', 0.62)}"/></linearGradient>
<radialGradient id="in" cx=".5" cy=".42" r=".5"><stop offset="0" stop-color="${mix(liquid, '#ffffff', 0.35)}" stop-opacity=".38"/><stop offset=".65" stop-color="${liquid}" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".32"/></radialGradient>
<linearGradient id="gs" gradientUnits="userSpaceOnUse" x1="${n(CX - halfWidth)}" y1="0" x2="${n(CX + halfWidth)}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".13"/><stop offset=".3" stop-color="#fff" stop-opacity=".02"/><stop offset=".75" stop-color="#fff" stop-opacity=".01"/><stop offset="1" stop-color="#fff" stop-opacity=".14"/></linearGradient>
</defs>`;
}

function drawPotion(potion: SeedPotion): string {
  const r = seeded(potion.slug);
  const liquid = LIQUID[potion.slug] ?? CATEGORY_LIQUID[potion.category];
  const shapeOf = SILHOUETTES[hash(potion.slug + SILHOUETTE_SALT) % SILHOUETTES.length] ?? roundFlask;
  const bottle = shapeOf(r);
  const body = outline(bottle);
  const level = FLOOR - (FLOOR - bottle.bodyTop) * (0.6 + r() * 0.2);
  const collarTop = bottle.neckTop - 4;
  const bubbles = Array.from({ length: 4 }, () => {
    const x = CX - 30 + r() * 60;
    const y = level + 20 + r() * (FLOOR - level - 40);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(1.2 + r() * 2)}"/>`;
  }).join('');
  const decorationKind = hash(`${potion.slug}:sky`) % 3;
  const decoration = (decorationKind === 1 ? '' : sigilRing()) + (decorationKind === 0 ? '' : moon(r));
  const s = bottle.labelR * 0.52;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeXml(potion.name)}">
${defs(liquid, bottle.halfWidth)}
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${decoration}
${starField(r)}
<ellipse cx="${CX}" cy="270" rx="190" ry="210" fill="url(#gl)"/>
<ellipse cx="${CX}" cy="${FLOOR + 6}" rx="150" ry="16" fill="#000" opacity=".55"/>
<ellipse cx="${CX}" cy="${FLOOR + 4}" rx="95" ry="8" fill="${liquid}" opacity=".22"/>
<clipPath id="b"><path d="${body}"/></clipPath>
<g clip-path="url(#b)">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${mix(liquid, '#0c0614', 0.82)}" fill-opacity=".6"/>
<rect x="0" y="${n(level)}" width="${WIDTH}" height="${n(FLOOR - level + 2)}" fill="url(#lq)"/>
<ellipse cx="${CX}" cy="${n((level + FLOOR) / 2)}" rx="${n(bottle.halfWidth * 1.08)}" ry="${n((FLOOR - level) / 2 + 8)}" fill="url(#in)"/>
<ellipse cx="${CX}" cy="${n(level)}" rx="${n(bottle.halfWidth)}" ry="6" fill="${mix(liquid, '#ffffff', 0.45)}" opacity=".55"/>
<g fill="#fff" opacity=".35">${bubbles}</g>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#gs)"/>
${bottle.facets ? `<path d="${bottle.facets}" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="1.2"/>` : ''}
<path d="${bottle.streak}" fill="none" stroke="#fff" stroke-opacity=".42" stroke-width="6" stroke-linecap="round"/>
<path d="${bottle.streak}" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="3" stroke-linecap="round" transform="matrix(-1 0 0 1 ${WIDTH} 0)"/>
</g>
<path d="${body}" fill="none" stroke="#efe3ff" stroke-opacity=".5" stroke-width="2.2" stroke-linejoin="round"/>
<g>
<circle cx="${CX}" cy="${n(bottle.labelY)}" r="${bottle.labelR}" fill="#12091c" fill-opacity=".78" stroke="url(#au)" stroke-width="2"/>
<circle cx="${CX}" cy="${n(bottle.labelY)}" r="${bottle.labelR - 5}" fill="none" stroke="${GOLD}" stroke-opacity=".45" stroke-width=".8"/>
<g fill="none" stroke="${GOLD}" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round">${sigil(potion.category, CX, bottle.labelY, s)}</g>
</g>
<rect x="${n(CX - bottle.neckWidth / 2 - 5)}" y="${n(collarTop)}" width="${n(bottle.neckWidth + 10)}" height="12" rx="3" fill="url(#au)"/>
${stopper(hash(`${potion.slug}:stopper`) % 6, collarTop, bottle.neckWidth)}
</svg>
`;
}

function drawPlaceholder(): string {
  const bottle = apothecary(() => 0.5);
  const body = outline(bottle);
  const collarTop = bottle.neckTop - 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Potion bottle">
<defs><radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#231433"/><stop offset=".55" stop-color="#120a1c"/><stop offset="1" stop-color="#060309"/></radialGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
<ellipse cx="${CX}" cy="${FLOOR + 6}" rx="150" ry="16" fill="#000" opacity=".5"/>
<path d="${body}" fill="#2a1d3a" stroke="#4a3a5e" stroke-width="2.2" stroke-linejoin="round"/>
<circle cx="${CX}" cy="${n(bottle.labelY)}" r="${bottle.labelR}" fill="none" stroke="#4a3a5e" stroke-width="2"/>
<rect x="${n(CX - bottle.neckWidth / 2 - 5)}" y="${n(collarTop)}" width="${n(bottle.neckWidth + 10)}" height="12" rx="3" fill="#5b4a34"/>
<circle cx="${CX}" cy="${n(collarTop - 30)}" r="22" fill="#4a3d2c"/>
<rect x="${n(CX - 6)}" y="${n(collarTop - 10)}" width="12" height="10" fill="#4a3d2c"/>
</svg>
`;
}

function write(name: string, svg: string): void {
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${name} is ${bytes} bytes, over the ${MAX_BYTES}-byte budget`);
  writeFileSync(join(OUT_DIR, name), svg);
}

/** Renders each SVG onto a canvas in headless Chromium and keeps the canvas as WebP next to it. */
async function rasterise(names: string[]): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    for (const name of names) {
      const svg = readFileSync(join(OUT_DIR, name), 'utf8');
      const webp = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')?.drawImage(image, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, width: WIDTH * RASTER_SCALE, height: HEIGHT * RASTER_SCALE, quality: WEBP_QUALITY },
      );
      const bytes = Buffer.from(webp.slice(webp.indexOf(',') + 1), 'base64');
      if (!webp.startsWith('data:image/webp')) throw new Error(`Chromium did not encode ${name} as WebP`);
      if (bytes.length > MAX_WEBP_BYTES) throw new Error(`${name} is ${bytes.length} bytes as WebP, over ${MAX_WEBP_BYTES}`);
      writeFileSync(join(OUT_DIR, name.replace(/\.svg$/, '.webp')), bytes);
    }
  } finally {
    await browser.close();
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const drawn: string[] = [];
for (const potion of seedPotions) {
  write(`${potion.slug}.svg`, drawPotion(potion));
  drawn.push(`${potion.slug}.svg`);
}
write('placeholder.svg', drawPlaceholder());
await rasterise([...drawn, 'placeholder.svg']);
console.log(`Drew ${seedPotions.length} potions and a placeholder into ${OUT_DIR}, as SVG and WebP`);
