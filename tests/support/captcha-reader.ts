// The attacker's captcha reader of issue #27 item 6, kept as a test of the captcha: it decodes the
// PNG, takes the dark pixels as ink and matches each of the four places against the 5×7 glyphs at
// the old drawing's scale (3), every shift and slant. It read the old fixed-glyph pictures 8 times
// out of 8; the distorted ones should defeat it.
import { inflateSync } from "node:zlib";
import { CAPTCHA_ALPHABET, glyphOf } from "../../backend/modules/system/auth/captcha-image";

interface Picture {
  width: number;
  height: number;
  dark: (x: number, y: number) => boolean;
}

/** Decodes the 8-bit RGB, unfiltered PNG that captchaPng writes. */
export function decodeCaptchaPng(png: Buffer): Picture {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const parts: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("ascii");
    if (type === "IDAT") parts.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(parts));
  const stride = width * 3 + 1;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * stride + 1 + x * 3;
      ink[y * width + x] = Math.max(raw[at]!, raw[at + 1]!, raw[at + 2]!) < 140 ? 1 : 0;
    }
  return { width, height, dark: (x, y) => x >= 0 && y >= 0 && x < width && y < height && ink[y * width + x] === 1 };
}

const CANDIDATES = [...new Set([...CAPTCHA_ALPHABET].map((character) => (character === "i" ? "i" : character.toUpperCase())))];
/** Each glyph's cells as [column, row, ink]. */
const TEMPLATES = CANDIDATES.map((character) => ({
  character,
  cells: glyphOf(character).flatMap((row, rowIndex) => [...row].map((cell, columnIndex) => [columnIndex, rowIndex, cell === "#"] as const)),
}));

/** The code as the template matcher reads it (upper case, `i` as itself). */
export function readCaptcha(png: Buffer): string {
  const picture = decodeCaptchaPng(png);
  const scale = 3;
  let code = "";
  for (let position = 0; position < 4; position++) {
    let best = { score: -Infinity, character: "?" };
    for (const { character, cells } of TEMPLATES) {
      for (let left = position * 25 - 4; left <= position * 25 + 16; left++)
        for (let top = 0; top <= picture.height - 7 * scale; top++)
          for (let slant = -2; slant <= 2; slant++) {
            let score = 0;
            for (const [columnIndex, rowIndex, inked] of cells) {
              const y = top + rowIndex * scale + 1;
              const x = Math.floor(left + columnIndex * scale + 1 + ((y - picture.height / 2) * slant) / 7);
              score += picture.dark(x, y) === inked ? 1 : inked ? -2 : -1;
            }
            if (score > best.score) best = { score, character };
          }
    }
    code += best.character;
  }
  return code;
}
