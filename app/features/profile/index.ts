/** The profile feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { nextLevelText } from './level-progress.tsx';
