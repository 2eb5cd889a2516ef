import { Refusal } from '../../../domain/refusal.ts';
import { PaymentProviderError } from '../../payments/payment-provider.ts';

/**
 * Runs one request to the payment provider. A refusal or an unreachable provider becomes a 'provider-failed' refusal (502) whose message
 * starts with `failure` and ends with the provider's reason; anything else is the shop's own error and passes.
 */
export async function askProvider<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new Refusal('provider-failed', `${failure}: ${error.message}`);
    throw error;
  }
}
