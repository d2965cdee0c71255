// AES-256-GCM opening of many values under one key at once (docs/decisions/182): what
// `decryptValues` uses for a page of a list or an export. Node's GCM needs a cipher context per
// value (createDecipheriv, setAuthTag, update, final: ~10 µs a value, nearly all of it OpenSSL 3's
// context set-up), which was the export's whole extra cost. Here the block cipher is OpenSSL's AES,
// run ONCE per batch on every value's counter blocks (GCM's CTR part: J0 = IV ‖ 1 for the tag,
// J0 + 1 … for the data), and GCM's authenticator GHASH is computed in JavaScript:
//
//   GHASH_H(C) = C1·H^(m+1) ⊕ … ⊕ Cm·H^2 ⊕ L·H     (no additional data; L = bit lengths)
//
// as a sum of products of PUBLIC blocks (the ciphertext, its length) with fixed powers of H =
// AES_K(0¹²⁸). Each product is a lookup in tables of that power indexed by the public block's
// nibbles, XORed together: no branch and no memory access depends on H or the key (the table
// entries are secret, which ones are read is not). The tag is compared without an early exit, and
// a value's data is XORed with its key stream only after its tag matched: a value that does not
// verify yields nothing. Same algorithm and format as encryptValue writes (96-bit IV, 128-bit tag).
import { createCipheriv } from "node:crypto";

/** Bytes of the IV and of the tag ahead of the data in a packed value (`iv | tag | data`). */
export const GCM_IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;
/** Values of up to this many 16-byte blocks are opened here (tables for H^1 … H^(MAX+1)); longer ones by the caller. */
export const GCM_BATCH_MAX_BLOCKS = 64;

/** 32 nibble positions × 16 nibble values × 4 words: X·P for every X with one nibble set. */
type PowerTable = Uint32Array;

interface KeyTables {
  h: Uint32Array;
  /** powers[k] = the table of H^k (index 0 unused). */
  powers: PowerTable[];
  /** The highest power's block. */
  last: Uint32Array;
}

const tablesOf = new WeakMap<Buffer, KeyTables>();

/** AES-256 of whole blocks under `key` (ECB on counter blocks only: the CTR of GCM). */
function blockCipher(key: Buffer, blocks: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-ecb", key, null);
  cipher.setAutoPadding(false);
  return cipher.update(blocks);
}

/** X · x in GCM's field (bit-reflected: a right shift, reduced by 0xE1 ‖ 0¹²⁰), in place. */
function timesX(w: Uint32Array): void {
  const reduce = -(w[3]! & 1) & 0xe1000000;
  w[3] = (w[3]! >>> 1) | (w[2]! << 31);
  w[2] = (w[2]! >>> 1) | (w[1]! << 31);
  w[1] = (w[1]! >>> 1) | (w[0]! << 31);
  w[0] = (w[0]! >>> 1) ^ reduce;
}

/**
 * X · Y of two secrets (the powers of H), bit by bit with masks: no branch or memory access depends
 * on either (the tables are for products with public blocks).
 */
function product(x: Uint32Array, y: Uint32Array): Uint32Array {
  const z = new Uint32Array(4);
  const v = Uint32Array.from(y);
  for (let bit = 0; bit < 128; bit++) {
    const mask = -((x[bit >> 5]! >>> (31 - (bit & 31))) & 1);
    z[0] ^= v[0]! & mask;
    z[1] ^= v[1]! & mask;
    z[2] ^= v[2]! & mask;
    z[3] ^= v[3]! & mask;
    timesX(v);
  }
  return z;
}

/** The table of P: entry (n, v) = the block whose nibble n is v (others 0) times P. */
function powerTable(p: Uint32Array): PowerTable {
  const table = new Uint32Array(32 * 16 * 4);
  const w = Uint32Array.from(p);
  for (let bit = 0; bit < 128; bit++) {
    // Block bit `bit` (bit 0 = the first byte's most significant) is coefficient x^bit.
    const nibble = bit >> 2;
    const mask = 8 >> (bit & 3);
    for (let value = 0; value < 16; value++) {
      if ((value & mask) === 0) continue;
      const at = (nibble * 16 + value) * 4;
      table[at] ^= w[0]!;
      table[at + 1] ^= w[1]!;
      table[at + 2] ^= w[2]!;
      table[at + 3] ^= w[3]!;
    }
    timesX(w);
  }
  return table;
}

const scratch = new Uint32Array(4);

/** out ^= X · P, X as four big-endian words (public), P by its table. */
function multiplyInto(table: PowerTable, x0: number, x1: number, x2: number, x3: number, out: Uint32Array): void {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const words = scratch;
  words[0] = x0;
  words[1] = x1;
  words[2] = x2;
  words[3] = x3;
  for (let word = 0; word < 4; word++) {
    const x = words[word]!;
    for (let shift = 0; shift < 8; shift++) {
      const at = ((word * 8 + shift) * 16 + ((x >>> (28 - 4 * shift)) & 15)) * 4;
      a ^= table[at]!;
      b ^= table[at + 1]!;
      c ^= table[at + 2]!;
      d ^= table[at + 3]!;
    }
  }
  out[0] ^= a;
  out[1] ^= b;
  out[2] ^= c;
  out[3] ^= d;
}

/** The tables of H^1 … H^count of the key (made once per key, extended when longer values come). */
function tables(key: Buffer, count: number): PowerTable[] {
  let known = tablesOf.get(key);
  if (!known) {
    const h = blockCipher(key, Buffer.alloc(16));
    const hWords = Uint32Array.of(h.readUInt32BE(0), h.readUInt32BE(4), h.readUInt32BE(8), h.readUInt32BE(12));
    known = { h: hWords, powers: [new Uint32Array(0), powerTable(hWords)], last: hWords };
    tablesOf.set(key, known);
  }
  while (known.powers.length <= count) {
    const power = product(known.last, known.h);
    known.powers.push(powerTable(power));
    known.last = power;
  }
  return known.powers;
}

/**
 * Opens `count` packed values (`iv | tag | data`) lying in `packed` at `starts[i]` … `starts[i+1]`
 * under `key`. Answers each value's text, or null where its tag does not verify. Every value must
 * hold at least the IV and the tag and at most GCM_BATCH_MAX_BLOCKS blocks of data (the caller
 * checks). `packed` is overwritten (the data becomes the clear bytes).
 */
export function openPacked(key: Buffer, packed: Buffer, starts: Int32Array, count: number): Array<string | null> {
  let blocks = 0;
  let longest = 0;
  for (let index = 0; index < count; index++) {
    const dataBlocks = (starts[index + 1]! - starts[index]! - GCM_IV_BYTES - GCM_TAG_BYTES + 15) >> 4;
    blocks += 1 + dataBlocks;
    if (dataBlocks > longest) longest = dataBlocks;
  }
  const powers = tables(key, longest + 1);
  // Every value's counter blocks: IV ‖ 1 (for the tag), IV ‖ 2, IV ‖ 3 … (for the data).
  const counters = Buffer.allocUnsafe(blocks * 16);
  let at = 0;
  for (let index = 0; index < count; index++) {
    const start = starts[index]!;
    const dataBlocks = (starts[index + 1]! - start - GCM_IV_BYTES - GCM_TAG_BYTES + 15) >> 4;
    for (let counter = 1; counter <= dataBlocks + 1; counter++) {
      packed.copy(counters, at, start, start + GCM_IV_BYTES);
      counters.writeUInt32BE(counter, at + GCM_IV_BYTES);
      at += 16;
    }
  }
  const stream = blockCipher(key, counters);
  const opened = new Array<string | null>(count);
  const sum = new Uint32Array(4);
  const last = Buffer.alloc(16);
  let streamAt = 0;
  for (let index = 0; index < count; index++) {
    const start = starts[index]!;
    const dataStart = start + GCM_IV_BYTES + GCM_TAG_BYTES;
    const length = starts[index + 1]! - dataStart;
    const dataBlocks = (length + 15) >> 4;
    sum.fill(0);
    for (let block = 0; block < dataBlocks; block++) {
      const from = dataStart + block * 16;
      let source = packed;
      let offset = from;
      if (length - block * 16 < 16) {
        // The last, partial block, padded with zeros.
        last.fill(0);
        packed.copy(last, 0, from, dataStart + length);
        source = last;
        offset = 0;
      }
      multiplyInto(powers[dataBlocks + 1 - block]!, source.readUInt32BE(offset), source.readUInt32BE(offset + 4), source.readUInt32BE(offset + 8), source.readUInt32BE(offset + 12), sum);
    }
    // The lengths block: 64 bits of additional data (none), 64 bits of ciphertext, in bits.
    const bits = length * 8;
    multiplyInto(powers[1]!, 0, 0, Math.floor(bits / 0x100000000), bits >>> 0, sum);
    const tagStream = streamAt * 16;
    const tag = start + GCM_IV_BYTES;
    const difference =
      (sum[0]! ^ stream.readUInt32BE(tagStream) ^ packed.readUInt32BE(tag)) |
      (sum[1]! ^ stream.readUInt32BE(tagStream + 4) ^ packed.readUInt32BE(tag + 4)) |
      (sum[2]! ^ stream.readUInt32BE(tagStream + 8) ^ packed.readUInt32BE(tag + 8)) |
      (sum[3]! ^ stream.readUInt32BE(tagStream + 12) ^ packed.readUInt32BE(tag + 12));
    if (difference === 0) {
      const dataStream = tagStream + 16;
      for (let byte = 0; byte < length; byte++) packed[dataStart + byte] ^= stream[dataStream + byte]!;
      opened[index] = packed.toString("utf8", dataStart, dataStart + length);
    } else opened[index] = null;
    streamAt += dataBlocks + 1;
  }
  return opened;
}
