/**
 * Brand facts in one place: a shop owner changes names, contacts and links here, never in components.
 */
export const brand = {
  name: 'Deosil Perfumes',
  shortName: 'Deosil',
  tagline: 'Handcrafted potions, blended by moonlight',
  description:
    'Deosil Perfumes crafts small-batch, occult-inspired perfumes in India: potions for courage, seduction, protection and wisdom, blended by lunar cycle.',
  locale: 'en_IN',
  currency: 'INR',
  email: 'coven@deosilperfumes.in',
  phone: '+91 98765 43210',
  address: 'Deosil Perfumes, 14 Moonlight Lane, Indiranagar, Bengaluru 560038, India',
  instagramUrl: 'https://www.instagram.com/deosilperfumes',
  whatsappUrl: 'https://wa.me/919876543210',
} as const;
