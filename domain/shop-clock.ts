/**
 * The shop's clock. The shop trades in India, so its days, its order dates and every date a screen or an e-mail
 * prints are India's (which keeps no daylight saving: every shop day is 24 hours), wherever the server or the
 * admin's browser happens to be.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const STYLES = {
  /** 18 Nov 2026 */
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 18 November 2026 */
  longDay: { day: 'numeric', month: 'long', year: 'numeric' },
  /** Thu, 26 Nov: a delivery day in a sentence */
  weekdayDay: { weekday: 'short', day: 'numeric', month: 'short' },
  /** November 2026 */
  month: { month: 'long', year: 'numeric' },
  /** 18 Nov 2026, 3:15 pm */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type ShopDateStyle = keyof typeof STYLES;

const formatters = new Map<ShopDateStyle, Intl.DateTimeFormat>();

/** A moment as the shop's calendar shows it, in Indian English. */
export function formatShopDate(moment: Date | string, style: ShopDateStyle = 'day'): string {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-IN', { ...STYLES[style], timeZone: SHOP_TIME_ZONE });
    formatters.set(style, formatter);
  }
  return formatter.format(typeof moment === 'string' ? new Date(moment) : moment);
}
