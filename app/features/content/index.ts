/** The content feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { PageHero, Prose } from './content-layout.tsx';
