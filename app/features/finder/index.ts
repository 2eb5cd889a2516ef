/** The fragrance finder's public entry: what other features may use of it (ESLint refuses any other path in). */
export { FinderPage } from './finder-page.tsx';
