import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { PlainLink } from './plain-link.tsx';
import { defineTemplate } from './email-template.ts';

export interface StaffInvitationMailData {
  name: string;
  invitedBy: string;
  roleName: string;
  /** '/admin/invitation?token=…' */
  acceptPath: string;
}

/** The owner's invitation to the back office: single use, 72 hours, to set a password and a second factor. */
export const staffInvitation = defineTemplate<StaffInvitationMailData>({
  subject: () => 'You are invited to the Deosil Perfumes back office',
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`${data.invitedBy} invites you to join as ${data.roleName}. The link works once, for 72 hours.`} heading={`Welcome to the coven, ${data.name}`} shopUrl={shopUrl}>
      <Paragraph>
        {data.invitedBy} invites you to the Deosil Perfumes back office as {data.roleName}. Choose your password, then link an authenticator app (Google
        Authenticator, Microsoft Authenticator, 1Password, Aegis…) for the code you will type at each sign-in:
      </Paragraph>
      <ActionButton href={`${shopUrl}${data.acceptPath}`}>Accept the invitation</ActionButton>
      <Paragraph>The link works once, for 72 hours.</Paragraph>
      <Text style={mutedStyle}>
        Not expecting this? Ignore this e-mail: nothing happens without the link. Link not working? Paste this into your browser: <PlainLink href={`${shopUrl}${data.acceptPath}`} />
      </Text>
    </EmailLayout>
  ),
});
