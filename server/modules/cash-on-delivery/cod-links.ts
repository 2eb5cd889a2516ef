import type { Database } from '../../db/client.ts';
import { SecretSigner } from '../../db/shop-secrets.ts';

const SIGNING_SECRET = 'cod-confirmation-signing';

/**
 * The link in a cash-on-delivery order's e-mail: the order's id signed with a secret kept in the database, so
 * whoever reads the e-mail can confirm that order (and only that one) without signing in. The page it opens
 * posts the token; a link scanner that only follows links confirms nothing.
 */
export class CodConfirmationLinks {
  private readonly signer: SecretSigner;

  constructor(
    db: Database,
    private readonly shopUrl: string,
  ) {
    this.signer = new SecretSigner(db, SIGNING_SECRET);
  }

  /** The link names the order by its number, so the page can say which order it confirms before the press. */
  async url(order: { id: string; orderNumber: string }): Promise<string> {
    const query = new URLSearchParams({ order: order.orderNumber, token: await this.signer.sign(signed(order.id)) });
    return `${this.shopUrl}/confirm-cod?${query}`;
  }

  /** Whether `token` was signed for this order. */
  verify(orderId: string, token: string): Promise<boolean> {
    return this.signer.verify(signed(orderId), token);
  }
}

const signed = (orderId: string) => `cod-confirm\n${orderId.toLowerCase()}`;
