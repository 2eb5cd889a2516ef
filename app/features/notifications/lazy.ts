/**
 * The notifications feature's on-demand public entry: components other features load only when needed, so
 * their code (and the inbox's queries) stays out of the first download. ESLint lets other features import
 * a feature's index.ts and lazy.ts, nothing else.
 */
import { lazy } from 'react';

// Only signed-in customers see the bell, so its code loads once someone has signed in.
export const LazyNotificationBell = lazy(() => import('./notification-bell.tsx').then((module) => ({ default: module.NotificationBell })));
