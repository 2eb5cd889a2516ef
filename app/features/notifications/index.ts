/** The notifications feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { inboxKey, onLiveNotification, useInboxActions, useLiveInbox } from './notification-feed.ts';

