// 系统监控 (issue #15 part B): logs, online users, monitoring and the API document.
import type { Endpoint } from "../../http/endpoint";
import { logEndpoints } from "./log/log-endpoints";
import { onlineEndpoints } from "./online/online-endpoints";
import { serverEndpoints } from "./server/server-endpoints";
import { apiDocEndpoints } from "./api-doc/api-doc-endpoints";

/** `registered`: every endpoint of the backend, for the generated API document. */
export function monitorEndpoints(registered: () => readonly Endpoint[]): Endpoint[] {
  return [...logEndpoints, ...onlineEndpoints, ...serverEndpoints, ...apiDocEndpoints(registered)];
}
