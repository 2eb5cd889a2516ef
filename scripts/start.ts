// `npm start`: builds the pages when no build exists yet, then runs the shop server.
import { execFileSync } from 'node:child_process';
import { hasProductionBuild } from '../server/http/pages.ts';

if (!hasProductionBuild()) {
  console.info('No build found; building the storefront first…');
  execFileSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { stdio: 'inherit' });
}
await import('../server/main.ts');
