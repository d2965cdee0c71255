// Fan-out of notice deliveries to every backend instance's sockets (docs/architecture.md "Scale-out").
// In one process the bus is a list of listeners; with REDIS_URL it is Redis pub/sub
// (./redis-notice-bus.ts), so a release on one instance reaches sockets held by another.
import type { NoticeDelivery } from "./notice-frames";

export type NoticeListener = (delivery: NoticeDelivery) => void;

export interface NoticeBus {
  /** Hands a delivery to every subscriber of every instance (this one included). */
  publish(delivery: NoticeDelivery): Promise<void>;
  /** Receives every delivery; the answer unsubscribes. */
  subscribe(listener: NoticeListener): () => void;
  /** Stops delivering and releases connections. */
  close(): Promise<void>;
}

/** Local listeners, each called once per delivery; one failing listener does not stop the rest. */
export class ListenerSet {
  private readonly listeners = new Set<NoticeListener>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(delivery: NoticeDelivery): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(delivery);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** The bus of a single backend process. */
export class InProcessNoticeBus implements NoticeBus {
  private readonly listeners: ListenerSet;
  private closed = false;

  constructor(onError: (error: unknown) => void = () => undefined) {
    this.listeners = new ListenerSet(onError);
  }

  async publish(delivery: NoticeDelivery): Promise<void> {
    if (!this.closed) this.listeners.emit(delivery);
  }

  subscribe(listener: NoticeListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}
