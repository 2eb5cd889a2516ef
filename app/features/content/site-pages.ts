/**
 * The storefront's own pages with their search titles and descriptions: one list for the pages' meta tags,
 * the sitemap and the footer, so a page cannot be added to one and forgotten in the others.
 */
export interface SitePage {
  path: string;
  /** Short name for links. */
  label: string;
  title: string;
  description: string;
  /** Sitemap hints: how often the page changes and how it ranks against the shop's other pages. */
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
}

export const sitePages = {
  home: {
    path: '/',
    label: 'Home',
    title: 'Deosil Perfumes: handcrafted occult perfumes from India',
    description:
      'Small-batch, occult-inspired perfumes blended by lunar cycle in Bengaluru. Discover potions for courage, seduction, protection and wisdom, shipped free across India.',
    changefreq: 'daily',
    priority: 1,
  },
  products: {
    path: '/products',
    label: 'Potions',
    title: 'Potions: browse mystical fragrances',
    description:
      'Browse every Deosil potion: signature scents, ritual, seduction, protection, transformation and wisdom blends. Prices in rupees, free shipping across India.',
    changefreq: 'daily',
    priority: 0.9,
  },
  about: {
    path: '/about',
    label: 'About',
    title: 'About us: our dark arts story',
    description:
      'Meet the two founders behind Deosil Perfumes and the lunar cycle that shapes every potion, from the first waxing night to the bottle at your door.',
    changefreq: 'monthly',
    priority: 0.7,
  },
  contact: {
    path: '/contact',
    label: 'Contact',
    title: 'Contact us: reach the coven',
    description:
      'Questions about a potion, an order or a custom blend? Write to Deosil Perfumes and hear back within 24 hours, or reach us by phone and WhatsApp.',
    changefreq: 'yearly',
    priority: 0.6,
  },
  collection: {
    path: '/collection',
    label: 'The Collection',
    title: 'The collection: seven families of potions',
    description:
      'A guide to the Deosil collection: the eight signature scents and the ritual, seduction, protection, transformation, wisdom and healing families.',
    changefreq: 'monthly',
    priority: 0.7,
  },
  rituals: {
    path: '/rituals',
    label: 'Rituals',
    title: 'Scent rituals: how to wear a potion',
    description:
      'Simple rituals for wearing Deosil potions: where to apply, how to layer, how to store a bottle and how to make a scent last through an Indian summer.',
    changefreq: 'monthly',
    priority: 0.6,
  },
  finder: {
    path: '/finder',
    label: 'Fragrance finder',
    title: 'The fragrance finder: which potion is yours?',
    description:
      'Five questions (the notes you love, how strong, for when, your budget and your birth sign) and we suggest three Deosil potions and a set, with why.',
    changefreq: 'monthly',
    priority: 0.6,
  },
  giftCards: {
    path: '/gift-cards',
    label: 'Gift cards',
    title: 'Gift cards: ₹500 to ₹10,000, e-mailed on the day you choose',
    description: 'A Deosil gift card for Diwali, a wedding or a birthday: any amount from ₹500 to ₹10,000, e-mailed with your message on the morning you pick, and spent on any potion.',
    changefreq: 'monthly',
    priority: 0.6,
  },
  faq: {
    path: '/faq',
    label: 'FAQ',
    title: 'Frequently asked questions',
    description:
      'Answers about Deosil potions, ingredients, sizes, shipping across India, payment in rupees, returns and caring for your perfume.',
    changefreq: 'monthly',
    priority: 0.6,
  },
  shipping: {
    path: '/shipping',
    label: 'Shipping',
    title: 'Shipping: free delivery across India',
    description:
      'Every Deosil order ships free anywhere in India. Orders are prepared in 1-2 business days and delivered in 3-7 days, with tracking by e-mail.',
    changefreq: 'yearly',
    priority: 0.5,
  },
  returns: {
    path: '/returns',
    label: 'Returns',
    title: 'Returns and refunds',
    description:
      'How returns, replacements and refunds work at Deosil Perfumes: damaged or wrong potions replaced free, unopened bottles returnable within 7 days of delivery.',
    changefreq: 'yearly',
    priority: 0.4,
  },
  grievances: {
    path: '/grievances',
    label: 'Grievances',
    title: 'Grievances: complaints and how they are settled',
    description:
      'How to raise a complaint with Deosil Perfumes, our grievance officer and how to reach them, and how to follow your complaint by its ticket number.',
    changefreq: 'yearly',
    priority: 0.3,
  },
  privacy: {
    path: '/privacy',
    label: 'Privacy',
    title: 'Privacy policy',
    description:
      'What personal data Deosil Perfumes collects, why, how long it is kept, who it is shared with and how to exercise your rights under Indian law.',
    changefreq: 'yearly',
    priority: 0.3,
  },
  terms: {
    path: '/terms',
    label: 'Terms',
    title: 'Terms of sale and use',
    description:
      'The terms that apply when you browse or buy from Deosil Perfumes: orders, prices in rupees, payment, delivery, returns, liability and governing law.',
    changefreq: 'yearly',
    priority: 0.3,
  },
} as const satisfies Record<string, SitePage>;

export type SitePageKey = keyof typeof sitePages;
