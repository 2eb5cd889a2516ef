import { EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { Text } from '@react-email/components';
import { istMoment } from './account-mail-data.ts';

export interface PasswordChangedMailData {
  name: string;
  changedAt: string;
}

/** Told after every password change, so an owner who did not make it knows at once. */
export const passwordChanged = defineTemplate<PasswordChangedMailData>({
  subject: () => 'Your Deosil Perfumes password was changed',
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`Your password was changed on ${istMoment(data.changedAt)}.`} heading="Your password was changed" shopUrl={shopUrl}>
      <Paragraph>
        Dear {data.name}, the password of your Deosil Perfumes account was changed on {istMoment(data.changedAt)}, and every device signed in to it was
        signed out.
      </Paragraph>
      <Text style={mutedStyle}>
        Not you? Use 'Forgot password?' in the sign-in window at {shopUrl} to choose a new one, and write to us from the contact page.
      </Text>
    </EmailLayout>
  ),
});
