/** The account feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { useAuth } from './auth-store.ts';
