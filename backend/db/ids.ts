// Row ids: 19-digit snowflake strings like MyBatis-Plus ASSIGN_ID (docs/spec/api-contract.md §0).
import { createHash, randomInt } from "node:crypto";

const EPOCH = 1_288_834_974_657n; // Twitter's epoch, as MyBatis-Plus uses
const workerId = BigInt(randomInt(0, 1024));
let lastMillis = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMillis) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) {
      while (now <= lastMillis) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  if (now < lastMillis) now = lastMillis; // clock stepped back: keep ids increasing
  lastMillis = now;
  return (((now - EPOCH) << 22n) | (workerId << 12n) | sequence).toString();
}

/** A stable 32-hex id derived from a name: seed rows get the same id on every fresh database. */
export function stableId(...parts: string[]): string {
  return createHash("md5").update(parts.join("\u0000")).digest("hex");
}
