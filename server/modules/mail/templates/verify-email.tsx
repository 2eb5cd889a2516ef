import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { PlainLink } from './plain-link.tsx';
import { defineTemplate } from './email-template.ts';
import { Text } from '@react-email/components';

export interface VerifyEmailMailData {
  name: string;
  /** '/verify-email?token=…' */
  verifyPath: string;
}

function VerifyLink({ data, shopUrl }: { data: VerifyEmailMailData; shopUrl: string }) {
  return (
    <>
      <ActionButton href={`${shopUrl}${data.verifyPath}`}>Verify my e-mail</ActionButton>
      <Text style={mutedStyle}>
        The link works for 3 days. Link not working? Paste this into your browser: <PlainLink href={`${shopUrl}${data.verifyPath}`} />
      </Text>
    </>
  );
}

/** At registration: welcome, and the first link to prove the address. */
export const welcomeVerifyEmail = defineTemplate<VerifyEmailMailData>({
  subject: () => 'Welcome to the coven: verify your e-mail',
  body: (data, { shopUrl }) => (
    <EmailLayout preview="Your grimoire is ready. One tap proves this address is yours." heading={`Welcome, ${data.name}`} shopUrl={shopUrl}>
      <Paragraph>
        Blessed be! Your Deosil Perfumes account is ready: explore our handcrafted potions, follow your orders and collect your achievements.
      </Paragraph>
      <Paragraph>Please confirm this address is yours, so order news and password help reach you:</Paragraph>
      <VerifyLink data={data} shopUrl={shopUrl} />
    </EmailLayout>
  ),
});

/** A new link: asked for from the profile, or sent to a newly chosen address. */
export const verifyEmail = defineTemplate<VerifyEmailMailData>({
  subject: () => 'Verify your e-mail for Deosil Perfumes',
  body: (data, { shopUrl }) => (
    <EmailLayout preview="One tap proves this address is yours." heading="Verify your e-mail" shopUrl={shopUrl}>
      <Paragraph>Dear {data.name}, please confirm that this address belongs to your Deosil Perfumes account.</Paragraph>
      <VerifyLink data={data} shopUrl={shopUrl} />
      <Text style={mutedStyle}>If you did not ask for this, ignore this e-mail: nothing changes.</Text>
    </EmailLayout>
  ),
});
