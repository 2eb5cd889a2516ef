/**
 * Brand facts in one place: a shop owner changes names, contacts, addresses and links here, never in
 * components. Pages, the footer, structured data and the legal pages all read from this object.
 */
export const brand = {
  name: 'Deosil Perfumes',
  shortName: 'Deosil',
  tagline: 'Handcrafted potions, blended by moonlight',
  description:
    'Deosil Perfumes crafts small-batch, occult-inspired perfumes in India: potions for courage, seduction, protection and wisdom, blended by lunar cycle.',
  /** The year the first batch was bottled. */
  founded: 2019,
  locale: 'en_IN',
  currency: 'INR',
  email: 'coven@deosilperfumes.in',
  phone: '+91 98765 43210',
  /** Digits only, for tel: links. */
  phoneHref: '+919876543210',
  /** When someone answers the phone and the inbox (India Standard Time). */
  hours: 'Monday to Saturday, 10 am to 7 pm IST',
  address: {
    line1: '14 Moonlight Lane, Indiranagar',
    city: 'Bengaluru',
    region: 'Karnataka',
    postalCode: '560038',
    country: 'India',
  },
  /** The legal entity behind the shop, named in the terms and privacy policy. */
  legalName: 'Deosil Perfumes Private Limited',
  grievanceOfficer: { name: 'Anika Menon', email: 'grievance@deosilperfumes.in' },
  instagramUrl: 'https://www.instagram.com/deosilperfumes',
  instagramHandle: '@deosilperfumes',
  whatsappUrl: 'https://wa.me/919876543210',
  founders: [
    {
      name: 'Ishani Rao',
      role: 'Co-founder and perfumer',
      bio: 'Trained in the attar distilleries of Kannauj, Ishani composes every potion by hand and still weighs each batch herself. She blends only when the moon is waxing.',
    },
    {
      name: 'Kabir Sen',
      role: 'Co-founder and keeper of lore',
      bio: 'A collector of old herbals and grimoires, Kabir researches the folklore behind each ingredient and writes the ritual that ships with every bottle.',
    },
  ],
  shipping: {
    /** Business days to prepare an order before it leaves the studio. */
    prepareDays: '1-2',
    /** Days in transit once shipped, anywhere in India. */
    deliveryDays: '3-7',
    /** Days after delivery to ask for a return. */
    returnDays: 7,
  },
} as const;

export const brandAddressLine = `${brand.address.line1}, ${brand.address.city} ${brand.address.postalCode}, ${brand.address.region}, ${brand.address.country}`;
