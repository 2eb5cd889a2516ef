/** The cart button of the top navigation (badge, tooltip, opens the drawer). Arrives with the cart. */
export function CartNavButton(_props: { variant: 'desktop' | 'mobile' }) {
  return null;
}
