import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { RazorpayProvider } from './razorpay-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';

/**
 * Razorpay when its keys are configured, otherwise the sandbox. The shop passes the sandbox a secret it keeps in
 * the database (`withSandboxSecret`); a random one here is only for a config that skipped that step.
 */
export function paymentProviderOf(config: Config): PaymentProvider {
  const razorpay = config.payments.razorpay;
  if (razorpay) return new RazorpayProvider(razorpay);
  return new SandboxProvider(config.payments.sandboxSecret ?? randomBytes(32).toString('hex'));
}
