/**
 * Fastify's `trustProxy` from `TRUST_PROXY`. A list of proxy addresses or ranges is the safe form: only a request
 * that really comes from one of them may name the client in `X-Forwarded-For`. A hop count trusts the nearest
 * `hops` addresses whoever they are, which is right only when nothing can reach the shop except through that
 * many proxies (Fastify itself no longer accepts a bare number, so the count is spelt out here).
 */
export function trustProxyOf(setting: number | string[] | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (Array.isArray(setting)) return setting;
  return (_address, hop) => hop < setting;
}
