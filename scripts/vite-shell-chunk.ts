import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint: every function of a file that starts with this comment is compiled while the file
 * streams in, off the main thread, instead of lazily on its first call in the middle of hydration.
 */
const COMPILE_EAGERLY = '//# allFunctionsCalledOnLoad\n';

type ModuleInfoGetter = (id: string) => { importedIds: readonly string[] } | null;

/**
 * Puts every module that the root layout imports statically (the router, the UI runtime, the header, cart and
 * account stores, the money and brand helpers...) into one browser chunk, 'shell'.
 *
 * Every page loads all of them anyway, but left to itself the bundler cuts them into some twenty files of 1-4 KB,
 * each a request of its own; over HTTP/1.1 a phone fetches six at a time, so the page waited several round trips
 * before it could start. Modules only some pages use, and everything of the back office, stay in their own chunks.
 *
 * Nearly every function of the shell runs while a page hydrates, so the shell and the entry chunks (the client entry
 * and each route module) also carry V8's compile hint: without it, compiling them lazily was a good part of
 * hydration's first long task (docs/decisions/0015).
 */
export function shellChunk(rootModule: URL): Plugin {
  const root = fileURLToPath(rootModule);
  let shell: Set<string> | undefined;
  const shellOf = (getModuleInfo: ModuleInfoGetter): Set<string> => {
    if (shell) return shell;
    const found = new Set<string>();
    const queue = [root];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      queue.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    // The root module itself stays the route's own entry.
    found.delete(root);
    return (shell = found);
  };
  return {
    name: 'deosil:shell-chunk',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks: (id, { getModuleInfo }) => (shellOf(getModuleInfo).has(id) ? 'shell' : undefined),
            },
          },
        },
      };
    },
    // Last, after minification (which would drop the comment) and after Vite's own preload helper goes on top.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && (output.name === 'shell' || output.isEntry)) output.code = COMPILE_EAGERLY + output.code;
        }
      },
    },
  };
}
