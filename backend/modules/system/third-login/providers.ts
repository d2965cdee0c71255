// The configured OpenID Connect / OAuth2 providers (THIRD_LOGIN_PROVIDERS, a JSON array; README
// "Third-party sign-in"). With an `issuer` the endpoints come from its discovery document; any
// endpoint given explicitly wins (plain OAuth2 providers give them all and no issuer).
import { z } from "zod";

export const providerConfigSchema = z.object({
  /** The type key: `oidc`, `wechat_enterprise`, `dingtalk`, … (sys_third_account.third_type). */
  type: z.string().regex(/^[a-z][a-z0-9_]{1,49}$/),
  /** The button's text, e.g. 企业微信. */
  name: z.string().min(1),
  issuer: z.string().url().optional(),
  authorizationUrl: z.string().url().optional(),
  tokenUrl: z.string().url().optional(),
  userinfoUrl: z.string().url().optional(),
  jwksUrl: z.string().url().optional(),
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  scopes: z.string().default("openid profile"),
  /** How the secret goes to the token endpoint. */
  tokenAuthMethod: z.enum(["client_secret_basic", "client_secret_post"]).default("client_secret_basic"),
  /** The claim that identifies the user at the provider (the ID token's, else the userinfo's). */
  subjectClaim: z.string().default("sub"),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export function parseProviders(text: string | undefined): ProviderConfig[] {
  if (!text?.trim()) return [];
  const providers = z.array(providerConfigSchema).parse(JSON.parse(text));
  for (const provider of providers) {
    if (!provider.issuer && !(provider.authorizationUrl && provider.tokenUrl))
      throw new Error(`THIRD_LOGIN_PROVIDERS: "${provider.type}" needs an issuer, or authorizationUrl and tokenUrl`);
  }
  if (new Set(providers.map((provider) => provider.type)).size !== providers.length) throw new Error("THIRD_LOGIN_PROVIDERS: duplicate type");
  return providers;
}

export interface ProviderEndpoints {
  issuer?: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl?: string;
  jwksUrl?: string;
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string().optional(),
  jwks_uri: z.string().optional(),
});

/** Each provider's endpoints, discovered once per process (a failed discovery is tried again next time). */
export class ProviderDirectory {
  private readonly discovered = new Map<string, Promise<ProviderEndpoints>>();

  constructor(readonly providers: ProviderConfig[]) {}

  find(type: string): ProviderConfig | undefined {
    return this.providers.find((provider) => provider.type === type);
  }

  endpoints(provider: ProviderConfig): Promise<ProviderEndpoints> {
    let pending = this.discovered.get(provider.type);
    if (!pending) {
      pending = discover(provider);
      pending.catch(() => this.discovered.delete(provider.type));
      this.discovered.set(provider.type, pending);
    }
    return pending;
  }
}

async function discover(provider: ProviderConfig): Promise<ProviderEndpoints> {
  let found: z.infer<typeof discoverySchema> | undefined;
  if (provider.issuer) {
    const response = await fetch(`${provider.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`discovery of ${provider.issuer} answered ${response.status}`);
    found = discoverySchema.parse(await response.json());
    if (found.issuer !== provider.issuer) throw new Error(`discovery of ${provider.issuer} names issuer ${found.issuer}`);
  }
  return {
    issuer: provider.issuer,
    authorizationUrl: provider.authorizationUrl ?? found!.authorization_endpoint,
    tokenUrl: provider.tokenUrl ?? found!.token_endpoint,
    userinfoUrl: provider.userinfoUrl ?? found?.userinfo_endpoint,
    jwksUrl: provider.jwksUrl ?? found?.jwks_uri,
  };
}
