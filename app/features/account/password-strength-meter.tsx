import { passwordScore, passwordStrength } from '../../../domain/accounts.ts';

const strengthColour = { Weak: 'bg-blood', Fair: 'bg-ember', Good: 'bg-gold', Strong: 'bg-emerald-400' } as const;

/** The bar and word under a new password, wherever a shopper chooses one (sign-up, reset). */
export function PasswordStrengthMeter({ password, className }: { password: string; className?: string }) {
  const score = passwordScore(password);
  const strength = passwordStrength(score);
  return (
    <div aria-live="polite" className={className}>
      <div className="h-1.5 overflow-hidden rounded bg-shadow">
        <div className={`h-full transition-all ${strengthColour[strength]}`} style={{ width: `${Math.max(score, 8)}%` }} />
      </div>
      <p className="mt-1 text-xs text-ash">
        Password strength: <span className="text-mist">{strength}</span>
      </p>
    </div>
  );
}
