/** The admin-analytics feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { CodShareCard, FigureCard, RtoRateCard } from './figure-card.tsx';
