/** The rotating festival banner at the top of the home page. Arrives with festival coupons. */
export function FestivalBanner() {
  return null;
}
