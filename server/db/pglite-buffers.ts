import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PGlite 0.3 starts its PostgreSQL with `-c shared_buffers=128MB` written into its WebAssembly binary, and
 * neither its options nor postgresql.conf can change it; the buffer pool alone then holds about 100 MiB of
 * the process's resident memory. A small shop's database is a few megabytes, and the operating system's
 * page cache holds its files anyway. So the shop compiles PGlite's module itself with that one argument
 * rewritten in place (same length, the number right-aligned: PostgreSQL reads " 16MB" as 16MB) and hands the
 * module to PGlite through its documented `wasmModule` option (docs/decisions/0051). PGlite 0.4 takes start
 * parameters as an option, but runs a newer PostgreSQL whose data directory this one cannot open.
 */
const BUILT_IN = Buffer.from('shared_buffers=128MB\0');
const VALUE_WIDTH = '128MB'.length;
/** The embedded database's buffer pool unless EMBEDDED_DB_BUFFERS_MB says otherwise. */
export const DEFAULT_EMBEDDED_BUFFERS_MB = 16;
/** The widest value that fits in place of '128MB'. */
export const MAX_BUFFERS_MB = 999;

/** The argument with `megabytes` instead of 128, or null when it does not fit in place of the built-in one. */
export function buffersArgument(megabytes: number): Buffer | null {
  if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes > MAX_BUFFERS_MB) return null;
  return Buffer.from(`shared_buffers=${`${megabytes}MB`.padStart(VALUE_WIDTH)}\0`);
}

/**
 * `wasm` with its shared_buffers argument set to `megabytes`, or null when the binary does not carry the
 * built-in argument exactly once (another PGlite version): the caller then lets PGlite start as it ships.
 */
export function withSharedBuffers(wasm: Buffer, megabytes: number): Buffer | null {
  const replacement = buffersArgument(megabytes);
  const at = wasm.indexOf(BUILT_IN);
  if (!replacement || at < 0 || wasm.indexOf(BUILT_IN, at + 1) >= 0) return null;
  const patched = Buffer.from(wasm);
  replacement.copy(patched, at);
  return patched;
}

const compiled = new Map<number, Promise<WebAssembly.Module | undefined>>();

/**
 * PGlite's module compiled with a `megabytes` buffer pool, once per size and process (every in-memory database
 * a test opens shares it), or undefined when this PGlite cannot be changed so (it then keeps its 128 MB).
 */
export function pgliteModuleWithBuffers(megabytes: number): Promise<WebAssembly.Module | undefined> {
  let module = compiled.get(megabytes);
  if (!module) {
    module = (async () => {
      const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
      const patched = withSharedBuffers(await readFile(file), megabytes);
      return patched ? WebAssembly.compile(new Uint8Array(patched)) : undefined;
    })();
    compiled.set(megabytes, module);
  }
  return module;
}
