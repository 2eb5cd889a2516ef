/** Everything the cart mounts once per page (the drawer). Arrives with the cart. */
export function CartHost() {
  return null;
}
