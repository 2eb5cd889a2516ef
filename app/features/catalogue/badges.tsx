export function SignatureBadge() {
  return (
    <span className="rounded-full border border-gold/70 bg-void/85 px-2.5 py-1 font-display text-[0.65rem] font-bold tracking-[0.2em] text-gold-bright">
      SIGNATURE
    </span>
  );
}

export function OutOfStockBadge() {
  return (
    <span className="rounded-full border border-blood/60 bg-void/85 px-2.5 py-1 text-[0.7rem] font-semibold tracking-wider text-blood uppercase">
      Out of Stock
    </span>
  );
}

/** A set (bundle) of potions, and how many bottles are in it. */
export function SetBadge({ bottles }: { bottles: number }) {
  return (
    <span className="rounded-full border border-amethyst/70 bg-void/85 px-2.5 py-1 font-display text-[0.65rem] font-bold tracking-[0.2em] text-gold-bright uppercase">
      Set of {bottles}
    </span>
  );
}
