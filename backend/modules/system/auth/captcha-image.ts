// The captcha picture of /sys/randomImage (api-contract.md §2): 105×35 pixels, each character drawn
// as strokes along its 5×7 skeleton, distorted and buried in noise (captchaPng), and encoded as PNG
// with node:zlib, so no image library or system font is needed: no maintained pure-JS captcha
// package draws a raster picture of our own code (docs/decisions/132). Pure: the same code and
// random source give the same picture (unit-tested without a server).
import { crc32, deflateSync } from "node:zlib";

export const CAPTCHA_WIDTH = 105;
export const CAPTCHA_HEIGHT = 35;
/** The contract's alphabet: no `o`, `O`, `I` and `0`-like look-alikes beyond the original's choice. */
export const CAPTCHA_ALPHABET = "qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890";
export const CAPTCHA_LENGTH = 4;

// 5×7 glyphs, rows top to bottom. Letters are drawn as capitals (the check ignores case), except
// `i`, whose capital would read as `1`.
const GLYPHS: Record<string, string[]> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  B: ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  F: ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
  G: [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  J: ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
  K: ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
  L: ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  P: ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
  Q: [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  V: ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  Z: ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
  i: ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."],
  "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
  "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
  "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
  "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
  "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
  "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
  "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
  "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
  "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
  "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
};

/** The 5×7 skeleton of a character of the alphabet (exported for the unit test's template matcher). */
export function glyphOf(character: string): string[] {
  const glyph = character === "i" ? GLYPHS.i : GLYPHS[character.toUpperCase()];
  if (!glyph) throw new Error(`no captcha glyph for ${JSON.stringify(character)}`);
  return glyph;
}

/** A random source: returns an integer in [0, below). */
export type RandomInt = (below: number) => number;

/** A captcha code of the contract's alphabet. */
export function captchaCode(random: RandomInt): string {
  let code = "";
  for (let index = 0; index < CAPTCHA_LENGTH; index++) code += CAPTCHA_ALPHABET[random(CAPTCHA_ALPHABET.length)];
  return code;
}

/** A random fraction in [0, 1) from the integer source. */
function fraction(random: RandomInt): number {
  return random(1 << 20) / (1 << 20);
}

/** A random number in [low, high). */
function between(random: RandomInt, low: number, high: number): number {
  return low + (high - low) * fraction(random);
}

/**
 * A fast source for the grain and dots (thousands of numbers a picture), seeded from `random`:
 * they hide nothing, the code's secrecy is the caller's source's.
 */
function grainSource(seed: number): RandomInt {
  let state = seed >>> 0;
  return (below) => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

interface Stroke {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A character's skeleton: the segments between neighbouring cells of its 5×7 glyph (each cell
 * moved a little at random), so that no two drawings of one character have the same outline.
 */
function skeletonOf(glyph: string[], random: RandomInt): Stroke[] {
  const jitter = () => between(random, -0.22, 0.22);
  const points = new Map<string, { x: number; y: number }>();
  glyph.forEach((row, y) => [...row].forEach((cell, x) => cell === "#" && points.set(`${x},${y}`, { x: x - 2 + jitter(), y: y - 3 + jitter() })));
  const strokes: Stroke[] = [];
  for (const [key, point] of points) {
    const [x, y] = key.split(",").map(Number) as [number, number];
    // Right, down and the two diagonals down (a diagonal only where no square path joins the two).
    const neighbours: Array<[number, number, boolean]> = [[1, 0, false], [0, 1, false], [1, 1, true], [-1, 1, true]];
    let lonely = true;
    for (const [dx, dy, diagonal] of neighbours) {
      const other = points.get(`${x + dx},${y + dy}`);
      if (!other) continue;
      if (diagonal && (points.has(`${x + dx},${y}`) || points.has(`${x},${y + dy}`))) continue;
      strokes.push({ x0: point.x, y0: point.y, x1: other.x, y1: other.y });
      lonely = false;
    }
    if (lonely) strokes.push({ x0: point.x, y0: point.y, x1: point.x, y1: point.y });
  }
  return strokes;
}

function distanceToStroke(x: number, y: number, stroke: Stroke): number {
  const dx = stroke.x1 - stroke.x0;
  const dy = stroke.y1 - stroke.y0;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - stroke.x0) * dx + (y - stroke.y0) * dy) / length));
  return Math.hypot(x - stroke.x0 - t * dx, y - stroke.y0 - t * dy);
}

/** One character as drawn: its skeleton in glyph units, placed by an affine map, in its colours. */
interface PlacedCharacter {
  strokes: Stroke[];
  centreX: number;
  centreY: number;
  /** The inverse of rotation, scale and shear: picture offsets to glyph units. */
  inverse: [number, number, number, number];
  /** Half the stroke width, in glyph units. */
  radius: number;
  colourFrom: number[];
  colourTo: number[];
  reach: number;
}

/**
 * The picture of `code` as PNG bytes (issue #27 item 6; docs/decisions/132 says what it still does
 * not stop). Each character is drawn from a jittered skeleton with a random stroke width, rotation,
 * scale and shear, overlapping its neighbours, in a colour gradient; the whole picture is warped by
 * two random waves, crossed by curves of the characters' own width and sprinkled with dots, and
 * edges are anti-aliased: no fixed template, flat colour or clean gap is left to match.
 */
export function captchaPng(code: string, random: RandomInt): Buffer {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const darkColour = () => [random(140), random(140), random(140)];
  const characters: PlacedCharacter[] = [...code].map((character, position) => {
    const angle = between(random, -0.35, 0.35);
    const scaleX = between(random, 2.6, 3.6);
    const scaleY = between(random, 2.8, 3.5);
    const shear = between(random, -0.25, 0.25);
    // Forward map (glyph units to picture): rotate · shear · scale.
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const a = cos * scaleX;
    const b = (cos * shear - sin) * scaleY;
    const c = sin * scaleX;
    const d = (sin * shear + cos) * scaleY;
    const determinant = a * d - b * c;
    return {
      strokes: skeletonOf(glyphOf(character), random),
      centreX: 15 + position * 25 + between(random, -3, 3),
      centreY: height / 2 + between(random, -2, 2),
      inverse: [d / determinant, -b / determinant, -c / determinant, a / determinant],
      radius: between(random, 0.38, 0.62),
      colourFrom: darkColour(),
      colourTo: darkColour(),
      reach: 5 * Math.max(scaleX, scaleY) * (1 + Math.abs(shear)),
    };
  });
  const waveX = { amplitude: between(random, 1, 2.5), period: between(random, 18, 30), phase: between(random, 0, 2 * Math.PI) };
  const waveY = { amplitude: between(random, 1, 2), period: between(random, 25, 45), phase: between(random, 0, 2 * Math.PI) };

  // The ink of the characters at a picture point: its colour and coverage (0 or 1).
  const inkAt = (x: number, y: number): number[] | null => {
    const u = x + waveX.amplitude * Math.sin((2 * Math.PI * y) / waveX.period + waveX.phase);
    const v = y + waveY.amplitude * Math.sin((2 * Math.PI * x) / waveY.period + waveY.phase);
    for (const character of characters) {
      const offsetX = u - character.centreX;
      const offsetY = v - character.centreY;
      if (Math.abs(offsetX) > character.reach || Math.abs(offsetY) > character.reach) continue;
      const [i0, i1, i2, i3] = character.inverse;
      const glyphX = i0 * offsetX + i1 * offsetY;
      const glyphY = i2 * offsetX + i3 * offsetY;
      if (Math.abs(glyphX) > 2.9 + character.radius || Math.abs(glyphY) > 3.9 + character.radius) continue;
      if (character.strokes.some((stroke) => distanceToStroke(glyphX, glyphY, stroke) <= character.radius)) {
        const t = Math.max(0, Math.min(1, (glyphY + 3.5) / 7));
        return character.colourFrom.map((channel, index) => channel + (character.colourTo[index]! - channel) * t);
      }
    }
    return null;
  };

  const grain = grainSource(random(2 ** 30));
  const pixels = Buffer.alloc(width * height * 3);
  const backgroundFrom = [215 + random(40), 215 + random(40), 215 + random(40)];
  const backgroundTo = [215 + random(40), 215 + random(40), 215 + random(40)];
  const samples = [0.25, 0.75];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const shade = grain(25) - 12;
      const background = backgroundFrom.map((channel, index) => channel + ((backgroundTo[index]! - channel) * x) / width + shade);
      // 2×2 samples a pixel: edges blend into the background (no clean threshold).
      const sum = [0, 0, 0];
      for (const sy of samples)
        for (const sx of samples) {
          const ink = inkAt(x + sx, y + sy) ?? background;
          for (let index = 0; index < 3; index++) sum[index]! += ink[index]!;
        }
      pixels.set(sum.map((channel) => Math.max(0, Math.min(255, Math.round(channel / (samples.length * samples.length))))), (y * width + x) * 3);
    }

  const plot = (x: number, y: number, colour: number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    pixels.set(colour, (Math.floor(y) * width + Math.floor(x)) * 3);
  };
  // Curves across the characters, as wide as their strokes, in colours like theirs.
  for (let curve = 0; curve < 3; curve++) {
    const colour = darkColour();
    const [x0, y0] = [random(20), random(height)];
    const [x1, y1] = [between(random, 30, 75), between(random, -height, 2 * height)];
    const [x2, y2] = [width - random(20), random(height)];
    const thickness = 1 + random(2);
    for (let step = 0; step <= 400; step++) {
      const t = step / 400;
      const x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * x1 + t * t * x2;
      const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * y1 + t * t * y2;
      for (let dy = 0; dy < thickness; dy++) for (let dx = 0; dx < thickness; dx++) plot(x + dx, y + dy, colour);
    }
  }
  // Dots, dark and light, over everything.
  for (let dot = 0; dot < 160; dot++)
    plot(grain(width), grain(height), dot % 2 === 0 ? [grain(140), grain(140), grain(140)] : [200 + grain(56), 200 + grain(56), 200 + grain(56)]);
  return encodePng(width, height, pixels);
}

function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
