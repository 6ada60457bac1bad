// Writes the PWA icons into public/: icon-192.png, icon-512.png and icon-maskable-512.png.
// Run with `node scripts/make-icons.mjs` (Node >= 20.15 for zlib.crc32). Uses only Node built-ins
// (node:zlib for deflate and CRC-32), and its output is deterministic, so the committed PNGs only
// change when this script does.
//
// The mark: a full-bleed dark-teal square (#0f4c5c) with a lighter rounded square in the middle and a
// dark "kerb" stripe across its lower part. The maskable icon keeps the whole mark inside the safe zone
// (a centred circle of 40% of the icon size in radius), so no launcher mask can clip it.

import { deflateSync, crc32 } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = fileURLToPath(new URL('../public/', import.meta.url));

const BACKGROUND = [0x0f, 0x4c, 0x5c]; // brand dark teal
const MARK = [0x8f, 0xd0, 0xdb]; // lighter teal
const STRIPE = [0x0f, 0x4c, 0x5c]; // background colour again: reads as a cut-out stripe

/** Samples per pixel edge for anti-aliasing (SS x SS samples per pixel). */
const SS = 4;

/**
 * Inside test for a rounded square centred at (c, c).
 * @param {number} x @param {number} y @param {number} c centre
 * @param {number} half half the side @param {number} r corner radius
 */
function inRoundedSquare(x, y, c, half, r) {
  const dx = Math.abs(x - c);
  const dy = Math.abs(y - c);
  if (dx > half || dy > half) return false;
  const ix = half - r;
  if (dx <= ix || dy <= ix) return true;
  const ex = dx - ix;
  const ey = dy - ix;
  return ex * ex + ey * ey <= r * r;
}

/**
 * Colour at a sub-pixel sample point.
 * @param {number} x @param {number} y @param {number} size @param {number} markRatio side of the mark / size
 */
function colourAt(x, y, size, markRatio) {
  const c = size / 2;
  const half = (size * markRatio) / 2;
  const r = half * 0.36;
  if (!inRoundedSquare(x, y, c, half, r)) return BACKGROUND;
  // The stripe: a horizontal band across the lower part of the mark.
  const top = c + half * 0.2;
  const bottom = c + half * 0.46;
  if (y >= top && y <= bottom) return STRIPE;
  return MARK;
}

/**
 * RGB pixel rows (each prefixed with filter byte 0) for a square icon.
 * @param {number} size @param {number} markRatio
 */
function render(size, markRatio) {
  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  const n = SS * SS;
  for (let py = 0; py < size; py++) {
    raw[py * stride] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const col = colourAt(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS, size, markRatio);
          r += col[0];
          g += col[1];
          b += col[2];
        }
      }
      const o = py * stride + 1 + px * 3;
      raw[o] = Math.round(r / n);
      raw[o + 1] = Math.round(g / n);
      raw[o + 2] = Math.round(b / n);
    }
  }
  return raw;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([len, typeAndData, crc]);
}

/** @param {number} size @param {number} markRatio */
function png(size, markRatio) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); // width
  ihdr.writeUInt32BE(size, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour (RGB)
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // interlace: none
  const idat = deflateSync(render(size, markRatio), { level: 9 });
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

// Maskable mark: a side of 0.5 of the icon (corner radius 0.36 of the half-side) puts its farthest
// point at about 0.32 of the size from the centre, well inside the 0.40 safe-zone circle.
const icons = [
  { file: 'icon-192.png', size: 192, markRatio: 0.62 },
  { file: 'icon-512.png', size: 512, markRatio: 0.62 },
  { file: 'icon-maskable-512.png', size: 512, markRatio: 0.5 },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { file, size, markRatio } of icons) {
  const data = png(size, markRatio);
  writeFileSync(join(OUT_DIR, file), data);
  console.log(`wrote public/${file} (${size}x${size}, ${data.length} bytes)`);
}
