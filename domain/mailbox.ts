/**
 * The mailbox an address reaches, as one key: what a limit per recipient counts by. Several spellings reach one
 * inbox, and each would otherwise get its own allowance: case never matters, a `+tag` after the local part is
 * delivered to the same inbox by Gmail, Outlook, Fastmail, Proton and most others, and Gmail ignores dots in the
 * local part and treats googlemail.com as gmail.com. Dropping a `+tag` on a domain that would not can only make
 * two inboxes share one allowance, never give one inbox more.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
