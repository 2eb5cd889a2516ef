/**
 * A WhatsApp template as Meta approved it. Business-initiated WhatsApp messages must use a template approved in
 * WhatsApp Manager (Meta's Business Messaging Policy); the API names it and fills its numbered variables, never
 * free text. `approvedText` is the body exactly as submitted, so the back office's preview is what the shopper
 * reads; `variables` names {{1}}, {{2}}, … in order.
 */
export interface WhatsAppTemplate {
  /** The template's name in WhatsApp Manager. */
  name: string;
  /** Meta's language code the template was approved in. */
  language: 'en';
  /** UTILITY: about an order the customer made; MARKETING needs marketing consent (domain/message-channels.ts). */
  category: 'UTILITY' | 'MARKETING';
  approvedText: string;
  variables: readonly string[];
  /** Quick-reply buttons, in the template's order; a pressed one comes back as `<action>:<message id>`. */
  buttons: readonly { text: string; action: ButtonAction }[];
  /** Values for the preview and for submitting the template for approval. */
  sample: Record<string, string>;
}

export type ButtonAction = 'cod-confirm' | 'cod-cancel' | 'ndr-reattempt' | 'ndr-address';

/** The words the shopper reads: the approved text with its variables filled in. */
export function renderTemplate(template: WhatsAppTemplate, values: Record<string, string>): string {
  return template.approvedText.replace(/\{\{(\d+)\}\}/g, (_match, index: string) => values[template.variables[Number(index) - 1] ?? ''] ?? '');
}
