import type { Config } from '../../config.ts';
import { msg91Provider } from './msg91-client.ts';
import { logSmsProvider, type SmsProvider } from './sms-provider.ts';

/** MSG91 when SMS_PROVIDER=msg91 (its settings are checked at start); otherwise the `log` provider. */
export function smsProviderOf(config: Config): SmsProvider {
  return config.sms.msg91 ? msg91Provider(config.sms.msg91) : logSmsProvider;
}
