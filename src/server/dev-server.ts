/**
 * The dev server: the request runtime (src/runtime/) on Node, in compute mode, so it answers
 * every query exactly as the hosts that run the runtime do. It sends the files and bodies the
 * runtime chooses, and hands everything outside the API (landing page, logos, the files HTML
 * pages link to) to serve-handler with Content-Type from the format table. No directory
 * listings; nothing outside the site folder; never crashes on a bad URL.
 */
import { createHash } from 'node:crypto';
import { maybeCompressed } from './compress.js';
import { etagOf, takesEtag, withValidator } from '../runtime/validators.js';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import serveHandler from 'serve-handler';
import { BAD_REQUEST, HEADERS_TOO_LARGE, INTERNAL_ERROR, NOT_FOUND, type ApiError } from '../api/errors.js';
import { FILE_TYPES, prefixTypes, SUFFIX_TYPES } from '../hosting/content-types.js';
import { errorAnswer, type Answer } from '../runtime/answer.js';
import type { Mode } from '../runtime/resolve.js';
import { byteRange, fileReply, unsatisfiable, type Reply } from './conditional.js';
import { FileCache } from './file-cache.js';
import { answer, openSite, sitePath } from './site-files.js';

export interface DevServerOptions {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
  /** `rules` answers as a rules-only host would (prebuilt pages only), to preview one. */
  readonly mode?: Mode;
}

/** Send an answer the runtime computed: a 200 with its ETag (or its 304), compressed where asked. */
function send(res: ServerResponse, given: Answer, req?: IncomingMessage): void {
  const a =
    takesEtag(given) && req !== undefined
      ? withValidator(
          given,
          etagOf(createHash('sha1').update(given.body!, 'utf8').digest('base64url')),
          req.headers['if-none-match'],
        )
      : given;
  const buf = a.body === undefined ? null : Buffer.from(a.body, 'utf8');
  let headers: Record<string, string> = {};
  for (const [k, v] of a.headers) headers[k] = v;
  if (a.status !== 304) headers['Content-Length'] = String(buf === null ? 0 : buf.length);
  let out: Buffer | null = buf;
  if (buf !== null && req !== undefined)
    ({ headers, body: out } = maybeCompressed(req.headers, a.status, headers, buf));
  res.writeHead(a.status, headers);
  res.end(out ?? undefined);
}

const sendError = (res: ServerResponse, e: ApiError) => send(res, errorAnswer(e));

/** serve-handler configuration derived from the format table, for files outside the API. */
function handlerConfig(root: string) {
  const headers = [
    ...prefixTypes().map((p) => ({
      source: `${p.prefix.slice(1)}**`,
      headers: [{ key: 'Content-Type', value: p.mediaType }],
    })),
    ...FILE_TYPES.map((f) => ({ source: f.path.slice(1), headers: [{ key: 'Content-Type', value: f.mediaType }] })),
    // The download area by name ending (contract §9): a `.sql.gz` is the stored gzip, sent as such.
    ...SUFFIX_TYPES.map((t) => ({
      source: `${t.prefix.slice(1)}**/*${t.suffix}`,
      headers: [
        { key: 'Content-Type', value: t.mediaType },
        ...(t.encoding === null ? [] : [{ key: 'Content-Encoding', value: t.encoding }]),
      ],
    })),
  ];
  return { public: root, directoryListing: false, cleanUrls: false, symlinks: false, etag: false, headers };
}

/**
 * Send a site file with the runtime's headers, from memory (FileCache); false when it does not
 * exist. A 200 file answers conditional requests (304) and one byte range (206).
 */
async function sendFile(
  files: FileCache,
  req: IncomingMessage,
  res: ServerResponse,
  a: Answer,
  file: string,
  head: boolean,
): Promise<boolean> {
  // A held file is sent without a promise or a path resolution.
  const cached = files.fresh(file) ?? (await files.get(file));
  if (cached === null) return false;
  const headers: Record<string, string> = {};
  for (const [k, v] of a.headers) headers[k] = v;
  // A JSONP detail calling another name: its start replaced (src/runtime/answer.ts), sent whole.
  const start = a.replaceStart;
  let reply: Reply;
  if (start !== undefined) {
    const body = Buffer.concat([Buffer.from(start.text, 'utf8'), cached.bytes.subarray(start.bytes)]);
    reply = { status: a.status, headers: { ...headers, 'Content-Length': String(body.length) }, body };
  } else if (a.status === 200) {
    reply = fileReply(req.headers, cached, headers);
  } else {
    reply = {
      status: a.status,
      headers: { ...headers, 'Content-Length': String(cached.bytes.length) },
      body: cached.bytes,
    };
  }
  const sent = maybeCompressed(req.headers, reply.status, reply.headers, reply.body);
  res.writeHead(reply.status, sent.headers);
  res.end(head ? undefined : sent.body);
  return true;
}

/** Build the request handler for a built site folder. */
export async function createHandler(
  dir: string,
  mode: Mode = 'compute',
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const handle = await openSite(dir);
  const config = handlerConfig(handle.root);
  const files = new FileCache((file) => sitePath(handle.root, file));
  const passThrough = (req: IncomingMessage, res: ServerResponse, path: string, size: number) => {
    req.url = path;
    // serve-handler sends the whole file with its 416 and honours the first of several ranges:
    // the range is read here as for the site's files (conditional.ts), and handed on only when it is one.
    const range = req.headers.range === undefined ? null : byteRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      const reply = unsatisfiable(size);
      res.writeHead(reply.status, reply.headers);
      return void res.end(req.method === 'HEAD' ? undefined : reply.body);
    }
    if (range === null || req.headers['if-range'] !== undefined) delete req.headers.range;
    serveHandler(req, res, config).catch(() => {
      if (!res.headersSent) sendError(res, INTERNAL_ERROR);
    });
  };

  const handle1 = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const request = {
      method,
      path: q === -1 ? raw : raw.slice(0, q),
      query: q === -1 ? '' : raw.slice(q + 1),
      accept: req.headers.accept ?? null,
    };
    let a = await answer(handle, request, { mode });
    if (a.passThrough) {
      // Existing files only (a folder by its index.html); a missing one gets the site's 404 body.
      const path = decodeURIComponent(request.path);
      const file = path.endsWith('/') ? `${path}index.html` : path;
      const abs = sitePath(handle.root, file);
      const info = abs === null ? null : await stat(abs).catch(() => null);
      // A folder with a page, named without its final slash (`/matrix/MA0101.2`): to the slash, as
      // nginx, Apache and Netlify send it.
      if (info?.isDirectory() && abs !== null && (await stat(`${abs}/index.html`).catch(() => null))?.isFile()) {
        const location = `${request.path}/${request.query === '' ? '' : `?${request.query}`}`;
        res.writeHead(301, { Location: location, 'Content-Length': '0' });
        return res.end();
      }
      if (info === null || !info.isFile()) return sendError(res, NOT_FOUND);
      return passThrough(req, res, file, info.size);
    }
    while (a.file !== undefined) {
      if (await sendFile(files, req, res, a, a.file, method === 'HEAD')) return;
      const missing: Answer | 'compute' = a.missing ?? errorAnswer(NOT_FOUND);
      a = missing === 'compute' ? await answer(handle, request, { mode, skipFiles: true }) : missing;
    }
    send(res, a, req);
  };

  return (req, res) => {
    handle1(req, res).catch(() => {
      if (!res.headersSent) sendError(res, INTERNAL_ERROR);
      else res.destroy();
    });
  };
}

/** Start the dev server; resolves once listening. */
export async function startDevServer(options: DevServerOptions): Promise<Server> {
  const handler = await createHandler(options.dir, options.mode);
  const server = createServer(handler);
  // Requests Node cannot parse still get an answer: too long (431) or malformed (400).
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const [status, text, body] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE.body]
        : [400, 'Bad Request', BAD_REQUEST.body];
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolveServer(server));
  });
}
