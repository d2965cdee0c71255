// The open notice sockets of this instance, by user: a delivery looks up only its recipients.
import type { WebSocket } from "ws";
import type { SocketClient } from "./socket-auth";

export interface NoticeConnection extends SocketClient {
  socket: WebSocket;
  /** Cleared at each server ping, set by the pong (or any frame): a silent socket is dead. */
  alive: boolean;
}

export class ConnectionHub {
  private readonly byUser = new Map<string, Set<NoticeConnection>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /**
   * Adds a connection. When the user already holds `maxPerUser`, the oldest is answered: the
   * caller closes it (a reconnect loop must not lock the user out while dead sockets time out).
   */
  add(connection: NoticeConnection, maxPerUser: number): NoticeConnection | undefined {
    let own = this.byUser.get(connection.userId);
    if (!own) {
      own = new Set();
      this.byUser.set(connection.userId, own);
    }
    let evicted: NoticeConnection | undefined;
    if (own.size >= maxPerUser) {
      evicted = own.values().next().value;
      if (evicted) this.remove(evicted);
    }
    own.add(connection);
    this.count += 1;
    return evicted;
  }

  remove(connection: NoticeConnection): void {
    const own = this.byUser.get(connection.userId);
    if (!own?.delete(connection)) return;
    this.count -= 1;
    if (own.size === 0) this.byUser.delete(connection.userId);
  }

  forUsers(userIds: readonly string[]): NoticeConnection[] {
    const found: NoticeConnection[] = [];
    for (const userId of new Set(userIds)) for (const connection of this.byUser.get(userId) ?? []) found.push(connection);
    return found;
  }

  all(): NoticeConnection[] {
    return [...this.byUser.values()].flatMap((own) => [...own]);
  }
}
