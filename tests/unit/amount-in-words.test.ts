// 大写金额 (contract/amount-in-words.ts): a table of the edge cases of the People's Bank rules
// (零 placement, 整, 角/分, 万/亿 boundaries), and every amount read back to the same fen.
import { describe, expect, it } from "vitest";
import { amountInWords, AmountInWordsRangeError } from "#contract/amount-in-words";
import { toFen } from "#contract/money";

const TABLE: Array<[yuan: string, words: string]> = [
  ["0", "零元整"],
  ["0.01", "壹分"],
  ["0.05", "伍分"],
  ["0.10", "壹角整"],
  ["0.30", "叁角整"],
  ["0.55", "伍角伍分"],
  ["1", "壹元整"],
  ["1.01", "壹元零壹分"],
  ["1.10", "壹元壹角整"],
  ["10", "壹拾元整"],
  ["11", "壹拾壹元整"],
  ["20.5", "贰拾元伍角整"],
  ["100", "壹佰元整"],
  ["101", "壹佰零壹元整"],
  ["110", "壹佰壹拾元整"],
  ["1000.05", "壹仟元零伍分"],
  ["1001", "壹仟零壹元整"],
  ["1010", "壹仟零壹拾元整"],
  ["1409.50", "壹仟肆佰零玖元伍角整"],
  ["1680.32", "壹仟陆佰捌拾元叁角贰分"],
  ["6007.14", "陆仟零柒元壹角肆分"],
  ["325.04", "叁佰贰拾伍元零肆分"],
  ["10000", "壹万元整"],
  ["10001", "壹万零壹元整"],
  ["10010", "壹万零壹拾元整"],
  ["100000", "壹拾万元整"],
  ["100100", "壹拾万零壹佰元整"],
  ["107000.53", "壹拾万柒仟元伍角叁分"],
  ["1000000", "壹佰万元整"],
  ["1000100", "壹佰万零壹佰元整"],
  ["10000000", "壹仟万元整"],
  ["10010000", "壹仟零壹万元整"],
  ["23405678", "贰仟叁佰肆拾万伍仟陆佰柒拾捌元整"],
  ["99999999.99", "玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分"],
  ["100000000", "壹亿元整"],
  ["100000001", "壹亿零壹元整"],
  ["100010000", "壹亿零壹万元整"],
  ["100001000", "壹亿零壹仟元整"],
  ["110000000", "壹亿壹仟万元整"],
  ["1000000000", "壹拾亿元整"],
  ["1000000000.10", "壹拾亿元壹角整"],
  ["2000000000.01", "贰拾亿元零壹分"],
  ["9999999999.99", "玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分"],
];

/** Reads capital numerals back into fen: the inverse used to check every written amount. */
function readWords(words: string): bigint {
  const digit = new Map([..."零壹贰叁肆伍陆柒捌玖"].map((character, index) => [character, BigInt(index)]));
  const place: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
  let total = 0n;
  let group = 0n;
  let current = 0n;
  let yuan = 0n;
  let fen = 0n;
  for (const character of words) {
    if (digit.has(character)) current = digit.get(character)!;
    else if (place[character]) {
      group += current * place[character]!;
      current = 0n;
    } else if (character === "亿" || character === "万") {
      total += (group + current) * (character === "亿" ? 100_000_000n : 10_000n);
      group = 0n;
      current = 0n;
    } else if (character === "元") {
      yuan = total + group + current;
      current = 0n;
    } else if (character === "角") {
      fen += current * 10n;
      current = 0n;
    } else if (character === "分") {
      fen += current;
      current = 0n;
    } else if (character !== "整") throw new Error(`unexpected ${character} in ${words}`);
  }
  return yuan * 100n + fen;
}

describe("amountInWords", () => {
  it.each(TABLE)("writes %s as %s", (yuan, words) => {
    expect(amountInWords(toFen(yuan))).toBe(words);
  });

  it("ends in 整 exactly when there are no 分, and never writes 零 twice, first or before a unit", () => {
    for (const [yuan] of TABLE) {
      const words = amountInWords(toFen(yuan));
      expect(words.endsWith("整")).toBe(toFen(yuan) % 10n === 0n);
      if (toFen(yuan) > 0n) expect(words).not.toMatch(/零零|^零[^元]|零[元万亿角整]/);
    }
  });

  it("reads back to the same amount for 50,000 amounts across the whole range", () => {
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state;
    };
    const wrong: string[] = [];
    for (let index = 0; index < 50_000; index++) {
      // Mostly amounts with many zeros, where the rules are subtle.
      const digits = Array.from({ length: 12 }, () => (random() % 3 === 0 ? String(random() % 10) : "0")).join("");
      const fen = BigInt(digits);
      const words = amountInWords(fen);
      if (readWords(words) !== fen || (fen > 0n && /零零|零[元万亿角整]/.test(words))) wrong.push(`${fen}: ${words}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses negative amounts and amounts beyond 9,999,999,999.99", () => {
    expect(() => amountInWords(-1n)).toThrow(AmountInWordsRangeError);
    expect(() => amountInWords(1_000_000_000_000n)).toThrow(AmountInWordsRangeError);
  });
});
