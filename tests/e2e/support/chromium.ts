// How the e2e run starts Debian's Chromium (no browser downloads here: docs/stack.md): one per vitest
// worker, started by global-setup.ts and shared by the worker's files (docs/decisions/194), or one of
// its own where a file runs without the e2e setup.
import type { LaunchOptions } from "playwright-core";

export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
