// `npm start` (and `npm run worker`, as `start.mjs worker`): the shop on plain Node from its compiled build,
// compiled first when dist/server is missing or older than the sources. The shop runs in this process, so the
// PID a supervisor holds is the shop's own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUILD_DIR, serverBuildIsStale } from './build-server.mjs';

if (serverBuildIsStale()) await buildServer();
// Stack traces name the TypeScript file and line (from the build's source maps).
process.setSourceMapsEnabled(true);
const entry = process.argv[2] === 'worker' ? 'worker.mjs' : 'start.mjs';
await import(pathToFileURL(path.join(SERVER_BUILD_DIR, entry)).href);
