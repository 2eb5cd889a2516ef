import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { Text } from '@react-email/components';
import { defineTemplate } from './email-template.ts';

export interface NewsletterConfirmData {
  confirmUrl: string;
}

/** Double opt-in: the address joins the list only when its owner follows this link. */
export const newsletterConfirm = defineTemplate<NewsletterConfirmData>({
  subject: () => 'Confirm your place in the coven',
  body: (data, { shopUrl }) => (
    <EmailLayout preview="One step left: confirm that you want our missives." heading="Confirm your subscription" shopUrl={shopUrl}>
      <Paragraph>Someone, we hope you, asked for the Deosil Perfumes newsletter at this address: new potions, festival offers and moon rituals, at most twice a month.</Paragraph>
      <ActionButton href={data.confirmUrl}>Yes, subscribe me</ActionButton>
      <Text style={mutedStyle}>If it was not you, ignore this e-mail: without your confirmation we send nothing more.</Text>
    </EmailLayout>
  ),
});
