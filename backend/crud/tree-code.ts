// Hierarchical codes of tree tables (api-contract.md §5): departments' org_code `A01` → `A01A01`
// → `A01A01A01` (fill rule org_num_role) and categories' code `B02` → `B02A01`
// (category_code_rule). Each level adds one segment: a letter and two digits, A01…A99, B01…Z99,
// as JeecgBoot's YouBianCodeUtil counts.
import { ApiError } from "../http/envelope";

const SEGMENT = /^[A-Z]\d{2}$/;
export const SEGMENT_LENGTH = 3;
export const FIRST_SEGMENT = "A01";

/** The segment after `segment`: A01 → A02, A99 → B01; Z99 has no successor. */
export function nextSegment(segment: string): string {
  if (!SEGMENT.test(segment)) throw new Error(`not a code segment: ${segment}`);
  const letter = segment.charCodeAt(0);
  const number = Number(segment.slice(1));
  if (number < 99) return `${segment[0]}${String(number + 1).padStart(2, "0")}`;
  if (letter >= "Z".charCodeAt(0)) throw new ApiError("同级编码已用尽，无法再添加");
  return `${String.fromCharCode(letter + 1)}01`;
}

/**
 * The code of a new child of `parentCode` ("" for the top level), given the codes of its
 * existing siblings. Siblings that do not follow the scheme are ignored.
 */
export function nextChildCode(parentCode: string, siblingCodes: readonly string[]): string {
  const segments = siblingCodes
    .filter((code) => code.length === parentCode.length + SEGMENT_LENGTH && code.startsWith(parentCode))
    .map((code) => code.slice(parentCode.length))
    .filter((segment) => SEGMENT.test(segment))
    .sort();
  const last = segments.at(-1);
  return `${parentCode}${last ? nextSegment(last) : FIRST_SEGMENT}`;
}
