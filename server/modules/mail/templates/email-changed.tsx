import { DetailRows, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { Text } from '@react-email/components';
import { istMoment } from './account-mail-data.ts';

export interface EmailChangedMailData {
  name: string;
  newEmail: string;
  changedAt: string;
}

/** Sent to the address the account is leaving. */
export const emailChanged = defineTemplate<EmailChangedMailData>({
  subject: () => 'The e-mail of your Deosil Perfumes account was changed',
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`Your account now signs in with ${data.newEmail}.`} heading="Your sign-in e-mail was changed" shopUrl={shopUrl}>
      <Paragraph>Dear {data.name}, your Deosil Perfumes account no longer signs in with this address.</Paragraph>
      <DetailRows
        rows={[
          ['New e-mail', <span style={{ wordBreak: 'break-all' }}>{data.newEmail}</span>],
          ['Changed', istMoment(data.changedAt)],
        ]}
      />
      <Paragraph>Every other device signed in to the account was signed out.</Paragraph>
      <Text style={mutedStyle}>Not you? Write to us at once from the contact page at {shopUrl}/contact and we will help you take the account back.</Text>
    </EmailLayout>
  ),
});
