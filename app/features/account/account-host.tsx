/** Everything accounts mount once per page (the auth dialog, the session check). Arrives with accounts. */
export function AccountHost() {
  return null;
}
