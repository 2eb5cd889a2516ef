import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { KeptCartResponse } from "../../../contracts/cart-recovery.ts";
import { formatPaise } from "../../../domain/money.ts";
import { api, ApiRequestError } from "../../lib/api-client.ts";
import { PageHero } from "../content/index.ts";
import { useCartStore, type CartItem } from "./cart-store.ts";
import { itemsFromKept } from "./kept-cart.ts";

const LINK_REFUSED = "This cart link is not valid or has expired.";

type State =
  | { kind: "restoring" }
  | { kind: "restored"; items: CartItem[] }
  | { kind: "failed"; message: string };

/** The browser's cart with the restored lines in it: a line in both keeps the larger quantity, as on sign-in. */
function withRestored(
  current: readonly CartItem[],
  restored: readonly CartItem[],
): CartItem[] {
  const byId = new Map(restored.map((item) => [item.cartId, item]));
  const kept = current.map((item) => {
    const back = byId.get(item.cartId);
    return back
      ? {
          ...back,
          quantity: Math.max(back.quantity, item.quantity),
          addedAt: item.addedAt,
        }
      : item;
  });
  const known = new Set(current.map((item) => item.cartId));
  return [...kept, ...restored.filter((item) => !known.has(item.cartId))];
}

/**
 * Where a cart reminder's link leads, on any device: the potions left behind go back into this browser's cart at
 * today's prices, no more than is in stock. The page posts the token (a mail scanner that only fetches the page
 * restores nothing) and then takes it out of the address bar.
 */
export function RestoreCartPage({ token }: { token: string }) {
  const restoredCart = useCartStore((state) => state.restored);
  const [state, setState] = useState<State>(
    token ? { kind: "restoring" } : { kind: "failed", message: LINK_REFUSED },
  );

  useEffect(() => {
    // Wait for the browser's own cart to be read back, so the restored lines join it instead of being overwritten.
    if (!token || !restoredCart) return;
    let cancelled = false;
    window.history.replaceState(window.history.state, "", "/cart/restore");
    api<KeptCartResponse>("/cart/restore", { method: "POST", body: { token } })
      .then(({ items }) => {
        if (cancelled) return;
        const restored = itemsFromKept(items, []);
        useCartStore.setState((cart) => ({
          items: withRestored(cart.items, restored),
        }));
        setState({ kind: "restored", items: restored });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({
            kind: "failed",
            message:
              error instanceof ApiRequestError ? error.message : LINK_REFUSED,
          });
      });
    return () => {
      cancelled = true;
    };
  }, [token, restoredCart]);

  const openCart = useCartStore((cart) => cart.openCart);
  return (
    <>
      <PageHero
        eyebrow="Your cart"
        title={
          state.kind === "failed"
            ? "This link has faded"
            : "Your potions are back"
        }
      >
        {state.kind === "restored" ? (
          <p>We kept them for you. Prices and stock are today’s.</p>
        ) : null}
      </PageHero>
      {/* The buttons and lines sit outside the prose column, whose link colours would take over the gold buttons. */}
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        {state.kind === "restoring" ? (
          <p role="status" className="text-ash">
            Bringing your cart back…
          </p>
        ) : null}
        {state.kind === "failed" ? (
          <>
            <p role="status" className="text-center text-ash">
              {state.message}
            </p>
            <p className="mt-6 text-center">
              <Link to="/products" className="btn-gold">
                Browse the potions
              </Link>
            </p>
          </>
        ) : null}
        {state.kind === "restored" ? (
          <>
            {state.items.length === 0 ? (
              <p role="status" className="text-center text-ash">
                Those potions are no longer on our shelves.
              </p>
            ) : (
              <ul
                className="panel divide-y divide-shadow"
                data-testid="restored-lines"
              >
                {state.items.map((item) => (
                  <li
                    key={item.cartId}
                    className="flex items-center gap-3 px-4 py-3"
                    data-testid="restored-line"
                  >
                    <img
                      src={item.image}
                      alt=""
                      width={48}
                      height={60}
                      className="h-15 w-12 shrink-0 rounded-md object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/products/${item.slug}`}
                        className="block font-display break-words text-mist hover:text-gold-bright"
                      >
                        {item.name}
                      </Link>
                      <p className="text-xs text-ash">
                        {item.size} · {item.quantity} ×{" "}
                        {formatPaise(item.unitPricePaise)}
                      </p>
                    </div>
                    <span className="shrink-0 text-gold-bright">
                      {formatPaise(item.unitPricePaise * item.quantity)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              {state.items.length > 0 ? (
                <Link to="/checkout" className="btn-gold">
                  Continue to checkout
                </Link>
              ) : null}
              <button type="button" className="btn-ghost" onClick={openCart}>
                Open your cart
              </button>
            </div>
          </>
        ) : null}
      </div>
    </>
  );
}
