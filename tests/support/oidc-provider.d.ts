// The part of `oidc-provider` (no bundled types, no @types package installed) the tests' provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface KoaContextWithOIDC {
    oidc: {
      provider: { Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> } };
      result?: { consent?: { grantId?: string } };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
    };
  }
  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    pkce?: { required?: () => boolean };
    claims?: Record<string, string[]>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    cookies?: { keys?: string[] };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
