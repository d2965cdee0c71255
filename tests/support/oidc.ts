// A real OpenID Connect provider for the tests (the `oidc-provider` package with its development
// sign-in pages: any login name is accepted as the subject), and a fetch-driven browser that signs
// in there and follows the redirects back to the client's redirect URI.
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import Provider, { type Configuration } from "oidc-provider";

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris: string[]; port?: number; clientId?: string; clientSecret?: string }): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? "school-backoffice";
  const clientSecret = options.clientSecret ?? "school-backoffice-secret-0123456789";
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const configuration: Configuration = {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    pkce: { required: () => true },
    claims: { openid: ["sub"], profile: ["name", "nickname"] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, name: `外部用户 ${sub}`, nickname: sub }) }),
    // A first-party client: consent is given without asking (the development pages ask only the login).
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId: ctx.oidc.session!.accountId!, clientId: ctx.oidc.client!.clientId });
      grant.addOIDCScope("openid profile");
      grant.addOIDCClaims(["name", "nickname"]);
      await grant.save();
      return grant;
    },
    cookies: { keys: ["test-oidc-cookie-key"] },
  };
  const provider = new Provider(issuer, configuration);
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Opens `authorizationUrl` like a browser, signs in as `login` on the provider's page and follows
 * the redirects until one leaves the provider: that address (the client's callback) is returned.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
    remember(response);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !/name="prompt" value="login"/.test(html)) throw new Error(`unexpected provider page ${response.status}: ${html.slice(0, 500)}`);
    url = new URL(action, url);
    init = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
    };
  }
  throw new Error("too many redirects at the provider");
}
