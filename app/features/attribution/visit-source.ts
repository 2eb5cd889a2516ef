import { useEffect } from 'react';
import { parseTouchCookie, TOUCH_COOKIE, touchCookieValue, touchOfVisit, withTouch, FIRST_TOUCH_DAYS } from '../../../domain/attribution.ts';

function currentTouches() {
  for (const pair of document.cookie.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === TOUCH_COOKIE) return parseTouchCookie(rest.join('='));
  }
  return null;
}

/**
 * Notes the campaign (UTM parameters) or site that brought this visit in the first-party `deosil_touch` cookie,
 * first and last touch, which the checkout sends along (decision record 0066). Only a landing from a campaign
 * link or another site writes it; the shop's own links change nothing. The cookie is the shop's alone and
 * loads nothing from anywhere.
 */
export function useVisitSource(): void {
  // Once per page load: the landing page's address and referrer are the visit's; the shop's own links that follow
  // keep document.referrer as it was and must not count again.
  useEffect(() => {
    const touch = touchOfVisit(new URL(window.location.href), document.referrer, new Date());
    if (!touch) return;
    const touches = withTouch(currentTouches(), touch);
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${TOUCH_COOKIE}=${touchCookieValue(touches)}; Path=/; Max-Age=${FIRST_TOUCH_DAYS * 86_400}; SameSite=Lax${secure}`;
  }, []);
}
