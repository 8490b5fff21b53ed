import { encodePng, type Rgb } from "./png.js";

/**
 * Pictures for the demo shops, drawn here (the demo needs no network and ships no binaries): a
 * shop icon, a storefront and the machines inside, in each shop's own colours. Each picture is a
 * list of flat shapes painted in order over a background, smoothed by 2 × 2 sampling.
 */

/** A shop's colours: its brand (sign, awning, door), an accent (displays) and its wall. */
export interface ShopLook {
  brand: Rgb;
  accent: Rgb;
  facade: Rgb;
}

type Shape =
  | { kind: "box"; x: number; y: number; w: number; h: number; radius: number; colour: Rgb }
  | { kind: "disc"; cx: number; cy: number; r: number; colour: Rgb };

interface Picture {
  width: number;
  height: number;
  background(x: number, y: number): Rgb;
  shapes: Shape[];
}

const WHITE: Rgb = [246, 246, 244];
const STEEL: Rgb = [92, 98, 110];
const GLASS: Rgb = [196, 222, 238];
const WATER: Rgb = [120, 172, 214];
const SHINE: Rgb = [232, 244, 252];

const box = (x: number, y: number, w: number, h: number, colour: Rgb, radius = 0): Shape => ({
  kind: "box",
  x,
  y,
  w,
  h,
  radius,
  colour,
});
const disc = (cx: number, cy: number, r: number, colour: Rgb): Shape => ({ kind: "disc", cx, cy, r, colour });

function covers(shape: Shape, px: number, py: number): boolean {
  if (shape.kind === "disc") return (px - shape.cx) ** 2 + (py - shape.cy) ** 2 <= shape.r ** 2;
  const { x, y, w, h, radius } = shape;
  if (px < x || py < y || px > x + w || py > y + h) return false;
  // Inside the box; near a corner, inside that corner's quarter circle.
  const dx = Math.max(x + radius - px, 0, px - (x + w - radius));
  const dy = Math.max(y + radius - py, 0, py - (y + h - radius));
  return dx * dx + dy * dy <= radius * radius;
}

/** Where a shape may cover: its bounding box. */
function bounds(shape: Shape): { left: number; top: number; right: number; bottom: number } {
  if (shape.kind === "disc") {
    return { left: shape.cx - shape.r, top: shape.cy - shape.r, right: shape.cx + shape.r, bottom: shape.cy + shape.r };
  }
  return { left: shape.x, top: shape.y, right: shape.x + shape.w, bottom: shape.y + shape.h };
}

/**
 * Paints the shapes in order onto a grid of 2 × 2 samples a pixel (at a quarter and three quarters of
 * it), each shape only over its bounding box, the background where no shape painted; a pixel is the
 * mean of its four samples. The same picture as asking each sample for its topmost shape, without
 * asking every shape about every sample.
 */
function render(picture: Picture): Buffer {
  const columns = picture.width * 2;
  const rows = picture.height * 2;
  const samples = new Uint8Array(columns * rows * 3);
  const painted = new Uint8Array(columns * rows);
  // Sample s of a row or column sits at s / 2 + 1/4 pixels.
  const at = (sample: number) => sample / 2 + 0.25;
  const first = (edge: number, count: number) => Math.min(count, Math.max(0, Math.ceil((edge - 0.25) * 2)));
  const last = (edge: number, count: number) => Math.min(count - 1, Math.floor((edge - 0.25) * 2));
  for (const shape of picture.shapes) {
    const box = bounds(shape);
    for (let sy = first(box.top, rows); sy <= last(box.bottom, rows); sy++) {
      for (let sx = first(box.left, columns); sx <= last(box.right, columns); sx++) {
        if (!covers(shape, at(sx), at(sy))) continue;
        const index = sy * columns + sx;
        samples.set(shape.colour, index * 3);
        painted[index] = 1;
      }
    }
  }
  for (let sy = 0; sy < rows; sy++) {
    for (let sx = 0; sx < columns; sx++) {
      const index = sy * columns + sx;
      if (!painted[index]) samples.set(picture.background(at(sx), at(sy)), index * 3);
    }
  }
  const channel = (x: number, y: number, c: number) => {
    const top = (y * 2 * columns + x * 2) * 3 + c;
    const bottom = top + columns * 3;
    const sum = (samples[top] ?? 0) + (samples[top + 3] ?? 0) + (samples[bottom] ?? 0) + (samples[bottom + 3] ?? 0);
    return Math.round(sum / 4);
  };
  return encodePng(picture.width, picture.height, (x, y) => [channel(x, y, 0), channel(x, y, 1), channel(x, y, 2)]);
}

const shade = (colour: Rgb, factor: number): Rgb => [
  Math.round(colour[0] * factor),
  Math.round(colour[1] * factor),
  Math.round(colour[2] * factor),
];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A front-loading washer seen from the front: body, control strip, display, round door. */
function washer(x: number, y: number, width: number, look: ShopLook): Shape[] {
  const height = width * 1.3;
  const cx = x + width / 2;
  const cy = y + height * 0.6;
  const door = width * 0.34;
  return [
    box(x, y, width, height, WHITE, width * 0.08),
    box(x + width * 0.08, y + width * 0.08, width * 0.84, width * 0.14, [208, 213, 218], width * 0.04),
    box(x + width * 0.6, y + width * 0.11, width * 0.22, width * 0.08, look.accent, 2),
    disc(cx, cy, door, STEEL),
    disc(cx, cy, door * 0.74, GLASS),
    disc(cx, cy + door * 0.2, door * 0.5, WATER),
    disc(cx - door * 0.3, cy - door * 0.3, door * 0.16, SHINE),
  ];
}

/** An icon (a shop's, a price template's): a washer in white on a tile of the brand colour. */
export function washerIcon(look: ShopLook): Buffer {
  return render({
    width: 128,
    height: 128,
    background: () => [255, 255, 255],
    shapes: [
      box(4, 4, 120, 120, look.brand, 26),
      box(32, 22, 64, 84, WHITE, 10),
      box(38, 29, 52, 9, mix(look.brand, WHITE, 0.7), 4),
      disc(64, 72, 22, look.brand),
      disc(64, 72, 16, GLASS),
      disc(64, 76, 10, WATER),
      disc(58, 66, 4, SHINE),
    ],
  });
}

/** The shop from the street: sign, striped awning, a window onto the washers, the door. */
export function storefrontPhoto(look: ShopLook): Buffer {
  const stripes = 12;
  const stripe = 400 / stripes;
  const awning = Array.from({ length: stripes }, (_, i) => {
    const colour = i % 2 === 0 ? look.brand : WHITE;
    const x = 40 + i * stripe;
    return [box(x, 98, stripe, 30, colour), disc(x + stripe / 2, 128, stripe / 2, colour)];
  }).flat();
  // The shop's name on the sign, as bars of white: words of these widths, centred.
  const words = [70, 52, 88, 40, 64];
  let left = 240 - (words.reduce((sum, width) => sum + width, 0) + 10 * (words.length - 1)) / 2;
  const lettering = words.map((width) => {
    const bar = box(left, 60, width, 14, WHITE, 3);
    left += width + 10;
    return bar;
  });
  return render({
    width: 480,
    height: 320,
    background: (_x, y) => mix([150, 196, 232], [222, 236, 246], y / 320),
    shapes: [
      box(24, 28, 432, 292, look.facade),
      box(24, 28, 432, 10, shade(look.facade, 0.8)),
      box(56, 46, 368, 42, shade(look.brand, 0.8), 6),
      ...lettering,
      ...awning,
      box(56, 156, 272, 148, [52, 58, 68], 4),
      box(64, 164, 256, 132, GLASS),
      ...washer(80, 200, 64, look),
      ...washer(160, 200, 64, look),
      ...washer(240, 200, 64, look),
      box(344, 156, 84, 164, look.brand, 4),
      box(356, 168, 60, 92, GLASS, 3),
      box(352, 262, 6, 24, [232, 232, 232], 3),
      box(0, 304, 480, 16, [158, 158, 154]),
    ],
  });
}

/** Inside the shop: a row of washers under a stripe of the brand colour, on a tiled floor. */
export function interiorPhoto(look: ShopLook): Buffer {
  const wall = mix(look.facade, [255, 255, 255], 0.5);
  const floor: [Rgb, Rgb] = [
    [206, 201, 193],
    [226, 221, 213],
  ];
  const machines = [0, 1, 2, 3].flatMap((i) => [
    box(34 + i * 110, 224, 92, 8, [186, 181, 173], 4),
    ...washer(30 + i * 110, 100, 96, look),
  ]);
  return render({
    width: 480,
    height: 320,
    background: (x, y) => (y < 230 ? wall : (floor[(Math.floor(x / 40) + Math.floor((y - 230) / 30)) % 2] ?? wall)),
    shapes: [box(0, 44, 480, 16, look.brand), box(0, 60, 480, 4, look.accent), ...machines],
  });
}
