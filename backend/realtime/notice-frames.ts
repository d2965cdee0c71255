// What travels on the notice channel (api-contract.md §8 "WebSocket"): the frames a client sees,
// and the deliveries the backend instances hand each other (in process or over Redis).
import { z } from "zod";

/** `topic`: a broadcast (msg_type ALL); `user`: sent to the listed users only (contract §8). */
export type NoticeCommand = "topic" | "user";

/** A server → client frame: exactly `{"cmd","msgId","msgTxt"}`, in that order. */
export interface NoticeFrame {
  cmd: NoticeCommand;
  msgId: string;
  msgTxt: string;
}

/** Who a delivery is for: every user of a tenant (ALL), or named users (USER). */
export type NoticeAudience = { kind: "tenant"; tenantId: number } | { kind: "users"; userIds: string[] };

export interface NoticeDelivery {
  audience: NoticeAudience;
  /**
   * What the recipients receive. Without a frame the delivery only re-checks the recipients'
   * sessions now: a forced logout closes the ended session's sockets at once (monitor/online).
   */
  frame?: NoticeFrame;
}

/** The client's text `HeartBeat` (Vue 2, 2.1.x) and its answer (contract §8 "Heartbeat"). */
export const HEARTBEAT_TEXT = "HeartBeat";
export const HEARTBEAT_ANSWER = JSON.stringify({ cmd: "heartcheck", msgTxt: "心跳响应" });
/** The Vue 3 client's keep-alive: `ping` is answered with `ping`. */
export const PING_TEXT = "ping";

export function frameText(frame: NoticeFrame): string {
  return JSON.stringify({ cmd: frame.cmd, msgId: frame.msgId, msgTxt: frame.msgTxt });
}

/**
 * The shape of a delivery read back from Redis. Another process wrote it, so it is checked before
 * it can reach a socket: anything else on the channel is dropped.
 */
export const noticeDeliverySchema: z.ZodType<NoticeDelivery> = z.object({
  audience: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("tenant"), tenantId: z.number().int().positive() }),
    z.object({ kind: z.literal("users"), userIds: z.array(z.string().min(1).max(64)).max(10_000) }),
  ]),
  frame: z
    .object({
      cmd: z.enum(["topic", "user"]),
      msgId: z.string().max(64),
      msgTxt: z.string().max(1_000),
    })
    .optional(),
});
