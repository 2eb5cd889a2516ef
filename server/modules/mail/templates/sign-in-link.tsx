import { Text } from '@react-email/components';
import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { PlainLink } from './plain-link.tsx';
import { defineTemplate } from './email-template.ts';

export interface SignInLinkMailData {
  /** '/sign-in?token=…' */
  signInPath: string;
}

/**
 * 'Email me a sign-in link': single use, 10 minutes. It greets no one by name: the address may have no account
 * yet (the link makes it), and the request that sent it must not have looked.
 */
export const signInLink = defineTemplate<SignInLinkMailData>({
  subject: () => 'Your Deosil Perfumes sign-in link',
  body: (data, { shopUrl }) => (
    <EmailLayout preview="Sign in with one tap. The link works once, for 10 minutes." heading="Step back into the realm" shopUrl={shopUrl}>
      <Paragraph>Someone (we hope you) asked to sign in to Deosil Perfumes with this address. No password needed:</Paragraph>
      <ActionButton href={`${shopUrl}${data.signInPath}`}>Sign in to Deosil Perfumes</ActionButton>
      <Paragraph>The link works once, for 10 minutes, on any device. Your cart waits where you left it.</Paragraph>
      <Text style={mutedStyle}>
        If you did not ask for this, ignore this e-mail: nobody can sign in without the link. Link not working? Paste this into your browser:{' '}
        <PlainLink href={`${shopUrl}${data.signInPath}`} />
      </Text>
    </EmailLayout>
  ),
});
