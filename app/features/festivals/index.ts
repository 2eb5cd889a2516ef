/** The festivals feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { activeFestivalsQuery } from './active-festivals-query.ts';
