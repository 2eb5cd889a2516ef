// Compiles the shop's server to JavaScript in dist/server (docs/decisions/0032): production runs it on plain Node,
// with no TypeScript loader. Packages stay in node_modules; only the shop's own code is bundled, with source maps
// so a stack trace names the TypeScript line. Plain JavaScript, so that it runs before anything is compiled.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUILD_DIR = path.join(root, 'dist/server');
/** Everything the compiled server is made of: a change to any of it makes the build stale. */
const SOURCES = ['server', 'domain', 'contracts', 'scripts/start.ts', 'package.json'];

const ENTRIES = {
  // `npm start`: the configuration check, the storefront build when there is none, then the web server.
  start: 'scripts/start.ts',
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  // `npm run backup` and `npm run restore FILE`.
  backup: 'server/backup/backup-cli.ts',
  // render-pool.ts starts its threads from ./render-thread.mjs beside it.
  'render-thread': 'server/modules/mail/render-thread.ts',
};

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

/** Whether dist/server is missing or older than a source it is compiled from. */
export function serverBuildIsStale() {
  let built;
  try {
    built = Math.min(...Object.keys(ENTRIES).map((name) => statSync(path.join(SERVER_BUILD_DIR, `${name}.mjs`)).mtimeMs));
  } catch {
    return true;
  }
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built);
}

/**
 * esbuild escapes every non-ASCII character in code, but keeps the comments it preserves (those inside classes)
 * as written, and a single '₹' or '—' there makes V8 hold the whole module's text at two bytes a character. In a
 * comment any stand-in will do: one '?' per UTF-16 unit, so columns, and with them the source map, stay exact.
 * A module with such a character on a line that is not a comment is left as it is.
 */
function asciiComments(text) {
  const lines = text.split('\n').filter((line) => /[^\x00-\x7f]/.test(line));
  if (lines.length === 0 || !lines.every((line) => /^\s*(\/\/|\/\*|\*)/.test(line))) return text;
  return text.replace(/[^\x00-\x7f]/g, '?');
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: SERVER_BUILD_DIR,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      // Modules the shop imports only when needed (PDFs, e-mail rendering) become chunks of their own.
      splitting: true,
      target: 'node20.19',
      sourcemap: true,
      // Stack traces need the mappings only. Node reads every module's map at start and keeps it; without a copy of
      // each source file's text inside, the maps are a fraction of the size.
      sourcesContent: false,
      logLevel: 'warning',
      write: false,
    });
  } finally {
    // esbuild compiles in a service process of its own; a start that compiled first must not keep it running.
    await esbuild.stop();
  }
  mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  // Each file is written aside and renamed into place, so a server starting meanwhile never reads half a file.
  for (const file of result.outputFiles) {
    writeFileSync(`${file.path}.partial`, file.path.endsWith('.mjs') ? asciiComments(file.text) : file.contents);
    renameSync(`${file.path}.partial`, file.path);
  }
  // Chunks of an earlier build that this one no longer has (their names carry a hash of their content).
  const written = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const name of readdirSync(SERVER_BUILD_DIR)) if (/\.mjs(\.map)?$/.test(name) && !written.has(name)) rmSync(path.join(SERVER_BUILD_DIR, name));
  // The migrations are read from beside the compiled code, as they are from beside server/db/client.ts.
  cpSync(path.join(root, 'server/db/migrations'), path.join(SERVER_BUILD_DIR, 'migrations'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
