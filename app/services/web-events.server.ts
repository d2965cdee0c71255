// Events that the web server process hears from the backends (backend/realtime/web-events.ts,
// docs/decisions/062) and hands to the app's modules. Kept on globalThis because server.ts is
// bundled apart from the app (and Vite reloads modules in development): both reach one registry.
export type WebEventKind = "permissions" | "gatewayRoutes";
type Handler = () => void;

const KEY = Symbol.for("school-backoffice.web-events");
type Holder = { [KEY]?: Map<WebEventKind, Map<string, Handler>> };

function handlers(): Map<WebEventKind, Map<string, Handler>> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new Map());
}

/** Registers (or, under the same name, replaces) the handler of an event. */
export function onWebEvent(kind: WebEventKind, name: string, handler: Handler): void {
  const byKind = handlers();
  if (!byKind.has(kind)) byKind.set(kind, new Map());
  byKind.get(kind)!.set(name, handler);
}

export function emitWebEvent(kind: WebEventKind): void {
  for (const handler of handlers().get(kind)?.values() ?? []) {
    try {
      handler();
    } catch (error) {
      console.error(`[web] handling ${kind} failed`, error);
    }
  }
}
