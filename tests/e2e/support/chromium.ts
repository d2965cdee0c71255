// How the e2e run starts Debian's Chromium (no browser downloads here: docs/stack.md): one per vitest
// worker, started by global-setup.ts and shared by the worker's files (docs/decisions/194), or one of
// its own where a file runs without the e2e setup.
import type { LaunchOptions } from "playwright-core";

// Debian's old headless shell (package chromium-headless-shell, `chromium --headless=old` as it
// was): the same Blink and V8 as /usr/bin/chromium without the full browser around them, 15-27 %
// less CPU over the same e2e files (docs/decisions/196). The benches run the full browser.
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // A test's page lives seconds: V8's optimizing compilers (TurboFan, Maglev) work on code that
    // never runs long enough to pay them back. Without them the e2e files need 15-20 % less CPU
    // (docs/decisions/194); the product is not measured here (bench/ starts its own Chromium).
    "--js-flags=--no-opt --no-maglev",
  ],
};
