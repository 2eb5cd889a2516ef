import { render, toPlainText } from '@react-email/render';
import { EMAIL_TEMPLATES, isTemplateName } from './template-registry.ts';
import type { EmailTemplate, RenderContext } from './templates/email-template.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A stored message's template and data as its subject, e-mail-safe HTML and plain text. */
export async function renderEmail(template: string, data: unknown, context: RenderContext): Promise<RenderedEmail> {
  if (!isTemplateName(template)) throw new Error(`Unknown e-mail template ${template}`);
  const definition = EMAIL_TEMPLATES[template] as EmailTemplate<unknown>;
  const element = definition.body(data, context);
  // One React render; the text part is converted from its HTML, as render(…, {plainText}) would do after a second one.
  const html = await render(element);
  return { subject: definition.subject(data), html, text: toPlainText(html) };
}
