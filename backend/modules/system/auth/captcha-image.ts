// The captcha picture of /sys/randomImage (api-contract.md §2): 105×35 pixels, drawn here from a
// 5×7 bitmap font (scaled, shifted, slanted, with noise lines and dots) and encoded as PNG with
// node:zlib, so no image library or system font is needed. Pure: the same code and random source
// give the same picture (unit-tested without a server).
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

function glyphOf(character: string): string[] {
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

/** The picture of `code` as PNG bytes. */
export function captchaPng(code: string, random: RandomInt): Buffer {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const pixels = Buffer.alloc(width * height * 3);
  const background = [235 + random(20), 235 + random(20), 235 + random(20)];
  for (let offset = 0; offset < pixels.length; offset += 3) pixels.set(background, offset);
  const plot = (x: number, y: number, colour: number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    pixels.set(colour, (Math.floor(y) * width + Math.floor(x)) * 3);
  };
  const darkColour = () => [random(120), random(120), random(120)];

  // Noise behind the characters.
  for (let dot = 0; dot < 120; dot++) plot(random(width), random(height), [120 + random(120), 120 + random(120), 120 + random(120)]);

  const scale = 3;
  const step = Math.floor((width - 10) / code.length);
  [...code].forEach((character, position) => {
    const glyph = glyphOf(character);
    const colour = darkColour();
    const left = 5 + position * step + random(6);
    const top = 3 + random(height - 7 * scale - 5);
    const slant = (random(5) - 2) / 7;
    glyph.forEach((row, rowIndex) => {
      [...row].forEach((cell, columnIndex) => {
        if (cell !== "#") return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const y = top + rowIndex * scale + dy;
            plot(left + columnIndex * scale + dx + (y - height / 2) * slant, y, colour);
          }
      });
    });
  });

  // Lines across the characters.
  for (let line = 0; line < 4; line++) {
    const colour = darkColour();
    const [x0, y0, x1, y1] = [random(width), random(height), random(width), random(height)];
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let index = 0; index <= steps; index++) plot(x0 + ((x1 - x0) * index) / steps, y0 + ((y1 - y0) * index) / steps, colour);
  }
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
