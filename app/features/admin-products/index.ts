/** The admin-products feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { downloadAdminFile } from './admin-files.ts';
