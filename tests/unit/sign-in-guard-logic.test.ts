// Pure parts of the sign-in guard (issue #10 part B): the captcha picture and code, the password
// policy, and the origin rule of server/origin-check.ts.
import { describe, expect, it } from "vitest";
import { CAPTCHA_ALPHABET, captchaCode, captchaPng } from "../../backend/modules/system/auth/captcha-image";
import { passwordProblem } from "#contract/password-policy";
import { Messages } from "#contract/messages";
import { sameOriginAllowed } from "../../server/origin-check";
import { decodeCaptchaPng, readCaptcha } from "../support/captcha-reader";

/** A fixed sequence, so pictures are reproducible. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

describe("captcha picture", () => {
  it("makes 4-character codes of the contract's alphabet", () => {
    const random = sequence(7);
    for (let round = 0; round < 200; round++) {
      const code = captchaCode(random);
      expect(code).toHaveLength(4);
      for (const character of code) expect(CAPTCHA_ALPHABET).toContain(character);
    }
  });

  it("draws every character of the alphabet into a 105×35 PNG, differently for different codes", () => {
    const pictures = new Set<string>();
    for (let start = 0; start < CAPTCHA_ALPHABET.length; start += 4) {
      const code = CAPTCHA_ALPHABET.slice(start, start + 4).padEnd(4, "7");
      const png = captchaPng(code, sequence(start + 1));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([105, 35]);
      pictures.add(png.toString("base64"));
    }
    expect(pictures.size).toBe(Math.ceil(CAPTCHA_ALPHABET.length / 4));
  });

  it("is not read by the 5×7 template matcher of issue #27, which read the fixed glyphs 8 times out of 8", () => {
    const random = sequence(27);
    const reads = Array.from({ length: 4 }, () => {
      const code = captchaCode(random);
      return readCaptcha(captchaPng(code, random)).toLowerCase() === code.toLowerCase();
    });
    expect(reads.filter(Boolean)).toHaveLength(0);
  });

  it("draws the same character differently each time", () => {
    const inkOf = (seed: number) => {
      const picture = decodeCaptchaPng(captchaPng("AAAA", sequence(seed)));
      return Array.from({ length: picture.width * picture.height }, (_, at) => picture.dark(at % picture.width, Math.floor(at / picture.width)));
    };
    const [first, second] = [inkOf(1), inkOf(2)];
    const differing = first.filter((dark, at) => dark !== second[at]).length;
    expect(differing / first.filter(Boolean).length).toBeGreaterThan(0.5);
  });
});

describe("password policy", () => {
  it("wants 8 characters with a letter, a digit and a symbol, and not the user name", () => {
    expect(passwordProblem("Abc-1234")).toBeNull();
    for (const weak of ["Ab-1", "abcdefgh", "12345678", "abcd1234", "abcd-efg", "1234-567", "密码密码密码12a"])
      expect(passwordProblem(weak), weak).toBe(Messages.passwordPolicy);
    expect(passwordProblem("Teacher_1", "teacher_1")).toBe(Messages.passwordIsUsername);
    expect(passwordProblem("Teacher_1", "teacher_2")).toBeNull();
  });
});

describe("origin rule", () => {
  const own = "https://school.example";
  const allowed = (facts: Partial<Parameters<typeof sameOriginAllowed>[0]>) =>
    sameOriginAllowed({ method: "POST", expectedOrigin: own, ...facts });

  it("lets reads through and same-origin mutations", () => {
    expect(allowed({ method: "GET", origin: "http://evil.example" })).toBe(true);
    expect(allowed({ origin: own, fetchSite: "same-origin" })).toBe(true);
    expect(allowed({ referer: `${own}/isystem/user` })).toBe(true);
  });

  it("refuses another origin, a null origin, another scheme or port, and cross-site fetches", () => {
    expect(allowed({ origin: "http://evil.example" })).toBe(false);
    expect(allowed({ origin: "null" })).toBe(false);
    expect(allowed({ origin: "http://school.example" })).toBe(false);
    expect(allowed({ origin: "https://school.example:8443" })).toBe(false);
    expect(allowed({ origin: "https://a.school.example", fetchSite: "same-site" })).toBe(false);
    expect(allowed({ fetchSite: "cross-site" })).toBe(false);
    expect(allowed({ referer: "http://evil.example/x" })).toBe(false);
    expect(allowed({ origin: "not a url" })).toBe(false);
    for (const method of ["PUT", "DELETE", "PATCH"]) expect(allowed({ method, origin: "http://evil.example" })).toBe(false);
  });

  it("lets a client that is no browser page (no Origin, no Referer, no fetch metadata) through", () => {
    expect(allowed({})).toBe(true);
  });
});
