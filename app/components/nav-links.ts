/** The storefront's main links with the subtitles the mobile menu shows under them. */
export const mainLinks = [
  { to: '/', label: 'Home', subtitle: 'Return to the sanctum', end: true },
  { to: '/products', label: 'Potions', subtitle: 'Browse mystical fragrances', end: false },
  { to: '/about', label: 'About', subtitle: 'Our dark arts story', end: false },
  { to: '/contact', label: 'Contact', subtitle: 'Reach the coven', end: false },
] as const;
