/** The account entries of the mobile 'MYSTICAL NAVIGATION' menu. Arrives with accounts. */
export function AccountMenuEntries(_props: { onNavigate: () => void }) {
  return null;
}
