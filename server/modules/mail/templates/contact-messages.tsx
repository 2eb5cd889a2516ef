import { Text } from '@react-email/components';
import { Fragment } from 'react';
import { colours, DetailRows, EmailLayout, Paragraph, textStyle } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';

export interface ContactMailData {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The message as written, its line breaks kept as <br> (Outlook ignores `white-space: pre-wrap`). */
function Quoted(props: { text: string }) {
  return (
    <Text style={{ ...textStyle, borderLeft: `3px solid ${colours.gold}`, paddingLeft: '12px' }}>
      {props.text.split('\n').map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * To the address the sender gave: their message reached us. It repeats nothing they typed, not even their name:
 * the address is unproven, and the shop's name must not carry a stranger's words to it.
 */
export const contactAcknowledgement = defineTemplate<Record<string, never>>({
  subject: () => 'We received your message',
  body: (_data, { shopUrl }) => (
    <EmailLayout preview="Your message has reached the coven; we answer within 24 hours." heading="Your message has reached the coven" shopUrl={shopUrl}>
      <Paragraph>Thank you for writing. We answer within 24 hours (Monday to Saturday, 10 am to 7 pm IST).</Paragraph>
    </EmailLayout>
  ),
});

/** To the shop's inbox: the message itself, to answer from the mail client (Reply goes to the person who wrote). */
export const contactCopy = defineTemplate<ContactMailData>({
  subject: (contact) => `Contact form: ${contact.subject}`,
  replyTo: (contact) => contact.email,
  body: (contact, { shopUrl }) => (
    <EmailLayout preview={`${contact.name} wrote through the contact page.`} heading="A message from the contact page" shopUrl={shopUrl}>
      <DetailRows rows={[['From', `${contact.name} <${contact.email}>`], ['Subject', contact.subject]]} />
      <Quoted text={contact.message} />
      <Paragraph>It is also in the back office under Messages.</Paragraph>
    </EmailLayout>
  ),
});
