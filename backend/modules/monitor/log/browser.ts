// The browser and system of a User-Agent, as the sign-in log shows them ("Chrome 120 / Windows").
// A small table, not a full parser: the back-office is used from ordinary desktop and phone
// browsers; anything unknown is shown by its first product token. Pure, unit-tested.

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["微信", /MicroMessenger\/([\d.]+)/],
  ["企业微信", /wxwork\/([\d.]+)/],
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
  ["Chrome", /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari\//],
];

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Windows", /Windows NT/],
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["macOS", /Mac OS X|Macintosh/],
  ["Linux", /Linux|X11/],
];

export function describeBrowser(userAgent: string | null | undefined): string | null {
  const text = (userAgent ?? "").trim();
  if (!text) return null;
  const system = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0];
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      const major = match[1]!.split(".")[0];
      return system ? `${name} ${major} / ${system}` : `${name} ${major}`;
    }
  }
  const product = text.split(/\s/)[0]!.slice(0, 60);
  return system ? `${product} / ${system}` : product;
}
