// The cookie banner and the consented tags: what other features and the app shell use of them.
export { ConsentHost, openCookieChoices, useAnalyticsTags } from './consent-banner.tsx';
export { track, type TrackedItem } from './tags.ts';
