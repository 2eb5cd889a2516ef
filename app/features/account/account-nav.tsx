/**
 * The account part of the top navigation: 'Login | Join Us' or the signed-in hover menu on desktops, the
 * initials or a sign-in button on phones. Arrives with accounts.
 */
export function AccountNav(_props: { variant: 'desktop' | 'mobile' }) {
  return null;
}
