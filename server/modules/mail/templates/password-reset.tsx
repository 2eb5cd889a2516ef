import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { PlainLink } from './plain-link.tsx';
import { defineTemplate } from './email-template.ts';
import { Text } from '@react-email/components';

export interface PasswordResetMailData {
  name: string;
  /** '/reset-password?token=…' */
  resetPath: string;
}

/** The 'Forgot password?' link: single use, 30 minutes. */
export const passwordReset = defineTemplate<PasswordResetMailData>({
  subject: () => 'Reset your Deosil Perfumes password',
  body: (data, { shopUrl }) => (
    <EmailLayout preview="A link to choose a new password. It works once, for 30 minutes." heading="Reset your password" shopUrl={shopUrl}>
      <Paragraph>Dear {data.name}, someone (we hope you) asked to reset the password of your Deosil Perfumes account.</Paragraph>
      <ActionButton href={`${shopUrl}${data.resetPath}`}>Choose a new password</ActionButton>
      <Paragraph>The link works once, for 30 minutes. Setting a new password signs your account out on every device.</Paragraph>
      <Text style={mutedStyle}>
        If you did not ask for this, ignore this e-mail: your password stays as it is. Link not working? Paste this into your browser:{' '}
        <PlainLink href={`${shopUrl}${data.resetPath}`} />
      </Text>
    </EmailLayout>
  ),
});
