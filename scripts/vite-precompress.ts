import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|xml|txt|html)$/;
/** Below this a compressed copy saves less than the bytes of its own headers. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of the browser
 * build, which the server hands out as they are (@fastify/static `preCompressed`). Compressing once at build time
 * gives smaller files than on-the-fly compression can afford, and a first visit's thirty-odd requests no longer
 * queue behind the server compressing each of them.
 */
export function precompress(): Plugin {
  return {
    name: 'deosil:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      for await (const file of filesUnder(options.dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = await readFile(file);
        if (body.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
