// `npm start`: checks the configuration, builds the pages when no build exists yet, then runs the shop server in
// this same process, so the PID a supervisor holds is the shop's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfigOrExit } from '../server/config.ts';
import { hasProductionBuild } from '../server/http/pages.ts';
import { lineWriter, logFormatOf } from '../server/log-format.ts';

// The project's directory: npm starts the shop there (the compiled copy of this file lives elsewhere).
const root = process.cwd();
// A bad setting stops the start before a build that takes a while.
const say = lineWriter(logFormatOf(loadConfigOrExit().logFormat));
if (!hasProductionBuild()) {
  say('info', 'Building the storefront (first start only)…');
  // The build's own output matters only when it fails.
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    say('error', 'The storefront build failed; its output is above.');
    process.exit(1);
  }
}
await import('../server/main.ts');
