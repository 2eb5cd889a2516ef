import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The benches that load pages in a browser serve the production build; it is made once if missing. */
export function ensureBuilt(): void {
  if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
}
