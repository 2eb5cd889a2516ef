import { describe, expect, it } from 'vitest';
import { attemptError, statusAfterFailedAttempt } from './message-attempts.ts';

describe('statusAfterFailedAttempt', () => {
  it('leaves a message failed, for the next retry, while attempts remain', () => {
    expect(statusAfterFailedAttempt(1, 8)).toBe('failed');
    expect(statusAfterFailedAttempt(7, 8)).toBe('failed');
  });

  it('gives a message up after its last allowed attempt', () => {
    expect(statusAfterFailedAttempt(8, 8)).toBe('dead');
    // An attempt past the limit (a lease that ran out after the last one) is no reason to try again.
    expect(statusAfterFailedAttempt(9, 8)).toBe('dead');
  });

  it('gives a message up at its first attempt when the refusal is one no retry mends', () => {
    expect(statusAfterFailedAttempt(1, 8, true)).toBe('dead');
  });
});

describe('attemptError', () => {
  it('names the attempt before the provider\'s words', () => {
    expect(attemptError(3, 'MSG91 answered 500: Internal server error')).toBe('Attempt 3: MSG91 answered 500: Internal server error');
  });
});
