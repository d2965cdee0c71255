// The CSP nonce of the page being rendered on the server (app/entry.server.tsx). In the browser it
// is undefined: browsers hide nonces from the DOM, and scripts added after hydration are files.
import { createContext, useContext } from "react";

/** Internal request header from server.ts to the entry; an incoming one is always replaced. */
export const CSP_NONCE_HEADER = "x-csp-nonce";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
