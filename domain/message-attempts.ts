/**
 * What a failed attempt at sending a message leaves behind, the same for e-mail, SMS and WhatsApp. The queue
 * retries a failed message with its backoff until the last allowed attempt (the queue's retry limit plus the first
 * attempt); after that, or at once when the provider refused it in a way no retry mends (a template it does not
 * know, a number it will never take), the message is dead, and the back office shows the last attempt's words.
 */
export type FailedAttemptStatus = 'failed' | 'dead';

export function statusAfterFailedAttempt(attempt: number, maxAttempts: number, refusedForGood = false): FailedAttemptStatus {
  return refusedForGood || attempt >= maxAttempts ? 'dead' : 'failed';
}

/** The row's last error: which attempt failed, then the provider's or the transport's own words. */
export function attemptError(attempt: number, reason: string): string {
  return `Attempt ${attempt}: ${reason}`;
}
