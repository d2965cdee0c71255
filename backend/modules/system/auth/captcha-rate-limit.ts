// How many captcha pictures one client address may ask for (issue #27 follow-up): /sys/randomImage is
// anonymous and drawing a picture costs 35-150 ms of CPU, so an address gets `perMinute` pictures in
// any 60 seconds, then the contract's error envelope until the oldest leaves the window. Counted in
// memory per backend process (a restart forgets, several backends each allow as many): enough to keep
// one client from spending a backend's CPU, and nothing for the database to do per picture.

const WINDOW_MS = 60_000;
/** Past this many tracked addresses, addresses with no picture in the window are forgotten. */
const SWEEP_ABOVE_ADDRESSES = 10_000;

export class CaptchaRateLimit {
  /** The times (ms) of each address's pictures in the last window, oldest first. */
  private readonly issued = new Map<string, number[]>();

  constructor(private readonly perMinute: number) {}

  /** True, and counted, when `address` may have another picture now; false when it must wait. */
  take(address: string | null, now: number = Date.now()): boolean {
    const key = address ?? "";
    const since = now - WINDOW_MS;
    const times = (this.issued.get(key) ?? []).filter((time) => time > since);
    if (times.length >= this.perMinute) {
      this.issued.set(key, times);
      return false;
    }
    times.push(now);
    this.issued.set(key, times);
    if (this.issued.size > SWEEP_ABOVE_ADDRESSES) this.sweep(since);
    return true;
  }

  private sweep(since: number): void {
    for (const [key, times] of this.issued) {
      if ((times.at(-1) ?? 0) <= since) this.issued.delete(key);
    }
  }
}
