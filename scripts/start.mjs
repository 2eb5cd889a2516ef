// `npm start` (and `npm run worker` as `start.mjs worker`, `npm run backup` and `npm run restore FILE` as
// `start.mjs backup` and `start.mjs backup restore FILE`): the shop on plain Node from its compiled build,
// compiled first when dist/server is missing or older than the sources. The shop runs in this process, so the
// PID a supervisor holds is the shop's own.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUILD_DIR, serverBuildIsStale } from './build-server.mjs';

// Node 22 and later keep the compiled code of the shop's modules between starts (in the system's temporary
// directory), which shortens every warm start; Node 20 has no such cache and compiles them each time.
module.enableCompileCache?.();
if (serverBuildIsStale()) await buildServer();
// Stack traces name the TypeScript file and line (from the build's source maps).
process.setSourceMapsEnabled(true);
const entry = process.argv[2] ?? 'start';
if (!['start', 'worker', 'backup'].includes(entry)) throw new Error(`No entry ${entry}: start, worker or backup`);
// The entry reads its own arguments from where a direct run would put them (backup: the command and the file).
process.argv.splice(2, 1);
await import(pathToFileURL(path.join(SERVER_BUILD_DIR, `${entry}.mjs`)).href);
