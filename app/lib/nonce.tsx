import { createContext, useContext } from 'react';

/** The CSP nonce of the response being rendered on the server; empty in the browser, where it is not needed. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
