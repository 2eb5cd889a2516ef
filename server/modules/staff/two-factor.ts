import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { fieldRefusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { recoveryCodes, twoFactorSecrets } from '../../db/schema/index.ts';
import { tokenHash } from '../accounts/credentials.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps (docs/decisions/0063). */
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone whose clock is a little off. */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

const ISSUER = 'Deosil Perfumes';

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A recovery code as the person types it: two groups of five letters and digits, case and spaces ignored. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  // 50 bits from an alphabet without look-alikes (no 0/o, 1/l/i).
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface Enrolment {
  secret: string;
  /** The `otpauth://` address the QR code holds, for apps that take it pasted. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/**
 * TOTP second factor for any account (staff must, customers may). The secret is pending until a code from the
 * app proves the person holds it; each code is good once (the step it was made in is kept, and a code from that
 * step or an earlier one is refused); ten recovery codes, shown once and kept as hashes, each good once.
 */
export class TwoFactor {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async isEnrolled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: twoFactorSecrets.userId })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.confirmedAt)));
    return !!row;
  }

  /**
   * A new pending secret for the account, replacing any pending one. Refused while a confirmed one exists, so a
   * stolen session cannot swap the factor for its own: a lost phone is reset by the owner (`reset`) first.
   */
  async begin(userId: string, label: string): Promise<Enrolment> {
    if (await this.isEnrolled(userId)) throw fieldRefusal('conflict', 'code', 'Two-factor sign-in is already set up for this account');
    const secret = new Secret({ size: 20 }).base32;
    await this.db
      .insert(twoFactorSecrets)
      .values({ userId, secret, createdAt: this.clock() })
      .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secret, confirmedAt: null, lastStep: null, createdAt: this.clock() } });
    const uri = totpOf(secret, label).toString();
    return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
  }

  /** Confirms the pending secret with a code from the app; returns the ten recovery codes, shown this once. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const [row] = await this.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    if (!row || row.confirmedAt) throw fieldRefusal('invalid', 'code', 'Start the set-up again: there is no pending authenticator for this account');
    return this.db.transaction(async (tx) => {
      if (!(await this.consumeCode(tx, userId, row.secret, code, { pending: true }))) throw fieldRefusal('invalid', 'code', 'That code is not right. Type the 6 digits your app shows now.');
      await tx.update(twoFactorSecrets).set({ confirmedAt: this.clock() }).where(eq(twoFactorSecrets.userId, userId));
      return this.replaceRecoveryCodes(tx, userId);
    });
  }

  /**
   * Checks a code (6 digits) or a recovery code at sign-in: true when it is good and now spent. A code from the
   * same or an earlier 30-second step than the last one accepted is a replay and is refused.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const [row] = await this.db
      .select()
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.confirmedAt)));
    if (!row) return false;
    if (/^\s*\d{6}\s*$/.test(code)) return this.consumeCode(this.db, userId, row.secret, code.trim(), { pending: false });
    const [used] = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.clock() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, tokenHash(normaliseRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    return !!used;
  }

  /** How many recovery codes are left unused. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ left: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.left ?? 0;
  }

  /** Removes the factor and its recovery codes (the owner's reset of a lost phone, or the person's own choice). */
  async reset(db: Executor, userId: string): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  }

  private async replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: tokenHash(normaliseRecoveryCode(code)) })));
    return codes;
  }

  /**
   * The code's step is written only if it is later than the last accepted one, in one statement, so two requests
   * with the same code (or a replay later in the window) cannot both pass, whichever process they reach.
   */
  private async consumeCode(db: Executor, userId: string, secret: string, code: string, { pending }: { pending: boolean }): Promise<boolean> {
    const now = this.clock().getTime();
    const delta = totpOf(secret, userId).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    const [accepted] = await db
      .update(twoFactorSecrets)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          pending ? isNull(twoFactorSecrets.confirmedAt) : isNotNull(twoFactorSecrets.confirmedAt),
          or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return !!accepted;
  }
}

/** The code an authenticator app shows for `secret` at `at`: for tests and the end-to-end journey. */
export function currentCode(secret: string, at: Date = new Date()): string {
  return totpOf(secret, 'test').generate({ timestamp: at.getTime() });
}
