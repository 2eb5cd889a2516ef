import { LOW_STOCK_THRESHOLD } from './catalogue.ts';

/**
 * Scarcity and deadlines shown to shoppers, only as the shop's own figures make them. The Guidelines for
 * Prevention and Regulation of Dark Patterns 2023 (Annexure 1, item 1, "false urgency") forbid stating or implying
 * a scarcity or urgency that is not real; so "Only N left" is the count free to sell, and a festival's
 * countdown runs to the end the festival is stored with (decision record 0039).
 */

/** 'Only 3 left' while the units free to sell are few; nothing when there are plenty, or none. */
export function scarcityNote(unitsFreeToSell: number): string | null {
  if (unitsFreeToSell <= 0 || unitsFreeToSell > LOW_STOCK_THRESHOLD) return null;
  return `Only ${unitsFreeToSell} left`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * 'Ends in 2 days 4 hours', 'Ends in 3 hours 12 minutes', 'Ends in 5 minutes': the time left to `endsAt`, rounded
 * down so it never promises more time than there is; null once it has ended. It is never reset or extended: it
 * reads only the stored end.
 */
export function countdownText(endsAt: Date | string, now: Date): string | null {
  const left = new Date(endsAt).getTime() - now.getTime();
  if (!(left > 0)) return null;
  if (left < MINUTE_MS) return 'Ends in under a minute';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `Ends in ${plural(days, 'day')}${hours > 0 ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) return `Ends in ${plural(hours, 'hour')}${minutes > 0 ? ` ${plural(minutes, 'minute')}` : ''}`;
  return `Ends in ${plural(minutes, 'minute')}`;
}
