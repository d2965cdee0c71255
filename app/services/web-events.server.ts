// Events that the web server process hears from the backends (backend/realtime/web-events.ts,
// docs/decisions/062) and hands to the app's modules. server.ts builds the one hub and puts it in
// the router context (`webEvents`, docs/decisions/183); a module registers its handler by name,
// so a development reload of the module replaces its handler instead of adding a second one.
export type WebEventKind = "permissions" | "gatewayRoutes";
type Handler = () => void;

export class WebEventHub {
  private readonly handlers = new Map<WebEventKind, Map<string, Handler>>();

  /** Registers (or, under the same name, replaces) the handler of an event. */
  on(kind: WebEventKind, name: string, handler: Handler): void {
    if (!this.handlers.has(kind)) this.handlers.set(kind, new Map());
    this.handlers.get(kind)!.set(name, handler);
  }

  emit(kind: WebEventKind): void {
    for (const handler of this.handlers.get(kind)?.values() ?? []) {
      try {
        handler();
      } catch (error) {
        console.error(`[web] handling ${kind} failed`, error);
      }
    }
  }
}
