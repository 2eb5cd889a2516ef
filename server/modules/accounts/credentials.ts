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

/** 256 random bits, URL-safe: what the browser keeps and sends as `Authorization: Bearer`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The only form of a token the database ever sees. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
