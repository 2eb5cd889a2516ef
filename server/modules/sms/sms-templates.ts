/**
 * Every text message the shop can send. In India each commercial SMS must match a content template registered
 * on the sender's DLT platform (TRAI Telecom Commercial Communications Customer Preference Regulations 2018,
 * regulation 27 and Schedule 4), so the words here are the registered words and the provider is told which
 * template to fill, never free text. `secret` names a variable to blank once a provider has taken the text.
 */
export interface SmsTemplate<Variables extends Record<string, string>> {
  body: (variables: Variables) => string;
  secret?: keyof Variables & string;
}

export const SMS_TEMPLATES = {
  // Registered text: '{#var#} is your Deosil Perfumes sign-in code. It works once, for 10 minutes. Never share it.'
  'sign-in-code': {
    body: ({ otp }: { otp: string }) => `${otp} is your Deosil Perfumes sign-in code. It works once, for 10 minutes. Never share it.`,
    secret: 'otp',
  },
} satisfies Record<string, SmsTemplate<never>>;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export type SmsVariables<Name extends SmsTemplateName> = Parameters<(typeof SMS_TEMPLATES)[Name]['body']>[0];

export function isSmsTemplateName(name: string): name is SmsTemplateName {
  return Object.hasOwn(SMS_TEMPLATES, name);
}

/** The words of a stored message with its secret variable blanked: what stays once the text has left. */
export function blankedBody(template: SmsTemplateName, variables: Record<string, string>): { body: string; variables: Record<string, string> } {
  const definition: SmsTemplate<Record<string, string>> = SMS_TEMPLATES[template] as SmsTemplate<Record<string, string>>;
  if (!definition.secret) return { body: definition.body(variables), variables };
  const blanked = { ...variables, [definition.secret]: '••••••' };
  return { body: definition.body(blanked), variables: blanked };
}
