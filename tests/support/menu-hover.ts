// Hovering a side-menu link as a hand does, for the e2e tests and the pageload bench: a sub-menu's
// links are discovered (React Router's /__manifest) once they render, and they move while the
// sub-menu opens, so a pointer put on one too early rests on another afterwards and the intended
// link prefetches nothing.
import type { Locator, Page } from "playwright-core";

/** Opens the sub-menu with `open`, waits until `path` is discovered and `link` stops moving, then hovers it. */
export async function hoverSettledMenuLink(page: Page, open: () => Promise<unknown>, link: Locator, path: string): Promise<void> {
  const discovered = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/__manifest" && decodeURIComponent(answer.url()).includes(path), { timeout: 60_000 });
  await open();
  await link.waitFor({ state: "visible" });
  await discovered;
  for (let box = ""; ; ) {
    const next = JSON.stringify(await link.boundingBox());
    if (next === box) break;
    box = next;
    await page.waitForTimeout(150);
  }
  await link.hover();
}
