import { Text } from '@react-email/components';
import { Fragment } from 'react';
import { colours, DetailRows, EmailLayout, Paragraph, textStyle } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import type { GrievanceOfficer } from '../../../../contracts/grievances.ts';
import { ACKNOWLEDGE_WITHIN_HOURS } from '../../../../domain/grievances.ts';

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

export interface ContactAcknowledgementData {
  ticketNumber: string;
  statusUrl: string;
  officer: GrievanceOfficer;
}

/**
 * To the address the sender gave: their message reached us, as a complaint ticket they can follow (Consumer
 * Protection (E-Commerce) Rules 2020, rule 4(5): acknowledged within 48 hours, redressed within a month). It
 * repeats nothing they typed, not even their name: the address is unproven, and the shop's name must not carry a
 * stranger's words to it.
 */
export const contactAcknowledgement = defineTemplate<ContactAcknowledgementData>({
  subject: (data) => `We received your message (ticket ${data.ticketNumber})`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`Ticket ${data.ticketNumber}: your message has reached the coven; we answer within 24 hours.`} heading="Your message has reached the coven" shopUrl={shopUrl}>
      <Paragraph>Thank you for writing. We answer within 24 hours (Monday to Saturday, 10 am to 7 pm IST).</Paragraph>
      <DetailRows rows={[['Ticket number', data.ticketNumber]]} />
      <Paragraph>
        Keep this number: with it and this e-mail address you can see where your message stands at {data.statusUrl}. Every complaint is acknowledged
        within {ACKNOWLEDGE_WITHIN_HOURS} hours and settled within a month of receipt.
      </Paragraph>
      <Paragraph>
        If it is not settled to your satisfaction, write to our grievance officer, {data.officer.name} ({data.officer.designation}), at {data.officer.email} or call{' '}
        {data.officer.phone}, quoting your ticket number.
      </Paragraph>
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
