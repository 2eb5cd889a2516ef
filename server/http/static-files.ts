import { readdirSync } from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type Encoding } from './content-encoding.ts';

/** A file of the browser build, as the map keeps it under the path a request names it by. */
export interface StaticFile {
  /** Its path under the root, URI-encoded, as `send` takes it. */
  encodedPath: string;
  /** Under /assets, where Vite fingerprints every name: the file never changes under it. */
  immutable: boolean;
  /** Its content type, which its compressed copies are sent with too. */
  type: string;
  /** The encodings of the copies the build wrote beside it (`.br`, `.gz`; scripts/vite-precompress.ts). */
  encodings: Encoding[];
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** The files under `root` as posix paths relative to it, leaving out dotfiles and whatever lies under a dot directory. */
function filesUnder(root: string): string[] {
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => !name.split('/').some((segment) => segment.startsWith('.')));
}

function typeOf(name: string): string {
  const type = send.mime.getType(name) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * The storefront's browser build served from one route: the directory is read once into a map from request path
 * to file, instead of a route per file (about 430 with the compressed copies, each a route for GET and HEAD, which
 * a start spent time and memory registering). `send` answers as the per-file routes did: ETag, Last-Modified,
 * conditional requests (304) and byte ranges.
 */
export class StaticFiles {
  private constructor(
    private readonly root: string,
    private readonly files: ReadonlyMap<string, StaticFile>,
  ) {}

  static of(root: string): StaticFiles {
    const names = filesUnder(root);
    const present = new Set(names);
    const files = new Map<string, StaticFile>();
    for (const name of names) {
      files.set(`/${name}`, {
        encodedPath: encodeURI(`/${name}`),
        immutable: name.startsWith('assets/'),
        type: typeOf(name),
        encodings: (['br', 'gzip'] as const).filter((encoding) => present.has(`${name}${SUFFIX[encoding]}`)),
      });
    }
    return new StaticFiles(root, files);
  }

  /** How many files the build has. */
  get size(): number {
    return this.files.size;
  }

  /** The build's file at `url`'s path (its query aside), or undefined when the build has none there. */
  find(url: string): StaticFile | undefined {
    const queryAt = url.indexOf('?');
    let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname.includes('%')) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return undefined;
      }
    }
    return this.files.get(pathname);
  }

  /** Sends `file`, or its brotli or gzip copy when the client accepts it. */
  async send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): Promise<FastifyReply> {
    const encoding = preferredEncoding(request.headers['accept-encoding'], file.encodings);
    const result = await send(request.raw, encoding ? `${file.encodedPath}${SUFFIX[encoding]}` : file.encodedPath, {
      root: this.root,
      maxAge: file.immutable ? YEAR_MS : DAY_MS,
      immutable: file.immutable,
      // No index files, no redirects: the map names files only.
      index: false,
    });
    // A failed precondition (412) or an unsatisfiable range (416) is answered as such.
    if (result.type === 'error' && result.statusCode !== 404) return reply.send(result.metadata.error);
    // Gone since the start read the directory (a new build replaced it): as if it had never been there.
    if (result.type !== 'file') {
      reply.callNotFound();
      return reply;
    }
    void reply.status(result.statusCode).headers(result.headers);
    // The same address answers brotli, gzip or plain bytes, so shared caches must key on the encoding.
    void reply.header('vary', 'Accept-Encoding');
    if (encoding) void reply.header('content-type', file.type).header('content-encoding', encoding);
    return reply.send(result.stream);
  }
}
