import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { EMAIL_TEMPLATES, isTemplateName } from './template-registry.ts';
import type { EmailTemplate, RenderContext } from './templates/email-template.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The text part from the HTML, with the options @react-email/render's toPlainText uses. Compiled once: toPlainText
 * compiles its selectors again for every message, which cost more than the conversion itself.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** A stored message's template and data as its subject, e-mail-safe HTML and plain text. */
export async function renderEmail(template: string, data: unknown, context: RenderContext): Promise<RenderedEmail> {
  if (!isTemplateName(template)) throw new Error(`Unknown e-mail template ${template}`);
  const definition = EMAIL_TEMPLATES[template] as EmailTemplate<unknown>;
  const element = definition.body(data, context);
  // One React render; the text part is converted from its HTML, as render(…, {plainText}) would do after a second one.
  const html = await render(element);
  return { subject: definition.subject(data), html, text: toPlainText(html) };
}
