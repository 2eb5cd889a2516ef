import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline. `Algorithm` is a const enum that isolated modules cannot inline: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password with the shop's parameters, made once: a sign-in for an e-mail without an account
 * is checked against it, so it costs the same time as a sign-in with a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** 256 random bits, URL-safe: what the browser keeps and sends as `Authorization: Bearer`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The only form of a token the database ever sees. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
