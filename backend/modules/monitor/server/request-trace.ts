// The recent requests of this backend instance, for 性能监控 (issue #15 Deliver 5): a fixed ring,
// so memory stays flat however busy the server is. Paths are stored masked (./../log/request-params
// maskedUrl): tokens and secret query values never enter the ring.

export interface TracedRequest {
  /** Epoch milliseconds of the request's start. */
  at: number;
  method: string;
  /** Path and query under the backend's base, masked. */
  path: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer's end. */
  ms: number;
  /** The signed-in caller, when there was one. */
  username: string | null;
}

export const TRACE_CAPACITY = 300;

export class RequestTrace {
  private readonly ring: Array<TracedRequest | undefined>;
  private next = 0;
  /** Requests seen since start. */
  total = 0;

  constructor(private readonly capacity = TRACE_CAPACITY) {
    this.ring = new Array<TracedRequest | undefined>(capacity);
  }

  add(request: TracedRequest): void {
    this.ring[this.next] = request;
    this.next = (this.next + 1) % this.capacity;
    this.total += 1;
  }

  /** The kept requests, newest first. */
  recent(limit = this.capacity): TracedRequest[] {
    const found: TracedRequest[] = [];
    for (let step = 1; step <= this.capacity && found.length < limit; step += 1) {
      const entry = this.ring[(this.next - step + this.capacity) % this.capacity];
      if (!entry) break;
      found.push(entry);
    }
    return found;
  }
}

/** The `fraction` quantile (0..1) of `values` by the nearest-rank method; null when empty. */
export function quantile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1]!;
}
