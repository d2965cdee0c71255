// An amount in Chinese capital numerals (大写金额) as receipts and cheques write it, following the
// People's Bank of China rules for filling in vouchers (正确填写票据和结算凭证的基本规定):
// - 元 and 角 amounts end in 整 (壹元整, 伍角整); an amount with 分 does not;
// - one 零 stands for a run of zeros between two figures (壹仟零壹元整, 壹亿零壹仟元整);
// - a zero just before 万 or 亿 is carried by that unit and not written (壹拾万柒仟元伍角叁分),
//   and no 零 is written between 元 and 角 (壹仟陆佰捌拾元叁角贰分); 角 zero before 分 is (叁佰贰拾伍元零肆分);
// - ten is 壹拾, as financial writing requires.
// Exact for every amount from 0 to 9,999,999,999.99 (integer fen, contract/money.ts). Pure;
// unit-tested in tests/unit/amount-in-words.test.ts.

const DIGITS = ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"] as const;
/** The unit of each place within a group of four: 仟 佰 拾 (ones have none). */
const PLACE_UNITS = ["仟", "佰", "拾", ""] as const;
/** The unit of each group of four, from the highest: 亿, 万, and the ones group. */
const GROUP_UNITS = ["亿", "万", ""] as const;

/** The largest amount written: 9,999,999,999.99 in fen. */
export const MAX_AMOUNT_IN_WORDS_FEN = 999_999_999_999n;

export class AmountInWordsRangeError extends Error {
  constructor(readonly fen: bigint) {
    super(`amount out of range for capital numerals: ${fen} fen`);
    this.name = "AmountInWordsRangeError";
  }
}

/** 1234567.89 yuan as 1234567 89n fen → 壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分. */
export function amountInWords(fen: bigint): string {
  if (fen < 0n || fen > MAX_AMOUNT_IN_WORDS_FEN) throw new AmountInWordsRangeError(fen);
  const yuan = fen / 100n;
  const jiao = Number((fen / 10n) % 10n);
  const cents = Number(fen % 10n);
  if (fen === 0n) return "零元整";

  let words = "";
  if (yuan > 0n) {
    // Twelve places: the 亿 group (at most 99), the 万 group and the ones group.
    const places = yuan.toString().padStart(12, "0");
    let pendingZero = false;
    for (let group = 0; group < 3; group++) {
      let groupHasFigure = false;
      for (let place = 0; place < 4; place++) {
        const digit = Number(places[group * 4 + place]);
        if (digit === 0) {
          if (words) pendingZero = true;
          continue;
        }
        if (pendingZero) words += "零";
        pendingZero = false;
        words += DIGITS[digit]! + PLACE_UNITS[place]!;
        groupHasFigure = true;
      }
      // The group's unit carries a zero at its own place (壹拾万柒仟).
      if (groupHasFigure && GROUP_UNITS[group]) {
        words += GROUP_UNITS[group]!;
        pendingZero = false;
      }
    }
    words += "元";
  }
  if (jiao === 0 && cents === 0) return `${words}整`;
  if (jiao > 0) words += `${DIGITS[jiao]}角`;
  else if (yuan > 0n) words += "零";
  return cents > 0 ? `${words}${DIGITS[cents]}分` : `${words}整`;
}
