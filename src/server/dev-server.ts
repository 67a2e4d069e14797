/**
 * The dev server: answers exactly as the hosted copy does. It maps query strings to files
 * with the same rule table as every host (the query mapping serve-handler cannot do), handles
 * methods itself, and hands existing files to serve-handler with Content-Type from the format
 * table. No directory listings; nothing outside the site folder; never crashes on a bad URL.
 */
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import serveHandler from 'serve-handler';
import { manifestRouteOptions, readManifest } from '../build/manifest.js';
import { ALLOW, API_HEADERS, BAD_REQUEST_BODY, FILE_TYPES, methodNotAllowedBody, prefixTypes, URI_TOO_LONG_BODY } from '../hosts/content-types.js';
import { matchRules } from '../hosts/match.js';
import { FORMAT_PARAM } from '../hosts/accept.js';
import { parsePath, parseQuery } from '../hosts/query.js';
import { NOT_SERVED } from '../hosts/targets.js';
import { ruleTable, type Rule } from '../hosts/rules.js';
import { ERROR_BODIES, type ErrorName } from '../routes/paths.js';
import { isSafeSegment } from '../model/segments.js';
import { negotiate } from './negotiate.js';

export interface DevServerOptions {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
}

const MAX_URL = 8192;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  const buf = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(buf.length), ...Object.fromEntries(API_HEADERS), ...headers });
  res.end(buf);
}

const sendError = (res: ServerResponse, error: ErrorName) => send(res, 404, ERROR_BODIES[error], { Allow: ALLOW });

/** serve-handler configuration derived from the format table. */
function handlerConfig(root: string) {
  const headers = [
    ...prefixTypes().map((p) => ({ source: `${p.prefix.slice(1)}**`, headers: [{ key: 'Content-Type', value: p.mediaType }] })),
    ...FILE_TYPES.map((f) => ({ source: f.path.slice(1), headers: [{ key: 'Content-Type', value: f.mediaType }] })),
    { source: '**', headers: API_HEADERS.map(([key, value]) => ({ key, value })) },
  ];
  return { public: root, directoryListing: false, cleanUrls: false, symlinks: false, etag: false, headers };
}

/** Build the request handler for a built site folder. */
export function createHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const root = resolve(dir);
  const manifest = readManifest(root);
  const rules: Rule[] = ruleTable(manifestRouteOptions(manifest));
  const config = handlerConfig(root);

  const serveFile = (req: IncomingMessage, res: ServerResponse, path: string) => {
    req.url = path;
    serveHandler(req, res, config).catch(() => {
      if (!res.headersSent) send(res, 500, '{"detail":"Internal error."}');
    });
  };

  return (req, res) => {
    try {
      const method = req.method ?? 'GET';
      const rawUrl = req.url ?? '/';
      if (rawUrl.length > MAX_URL) return send(res, 414, URI_TOO_LONG_BODY);
      if (method === 'OPTIONS') {
        res.writeHead(200, { Allow: ALLOW, 'Content-Length': '0', ...Object.fromEntries(API_HEADERS) });
        return res.end();
      }
      if (method !== 'GET' && method !== 'HEAD') {
        return send(res, 405, methodNotAllowedBody(method), { Allow: ALLOW });
      }
      const q = rawUrl.indexOf('?');
      const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
      const search = q === -1 ? '' : rawUrl.slice(q + 1);
      const segments = parsePath(pathname);
      if (segments === null) return send(res, 400, BAD_REQUEST_BODY);
      const query = parseQuery(search);
      const isApi = segments[0] === 'api';
      if (isApi) {
        const format = negotiate(query, req.headers.accept, manifest.formats);
        if (format) query.set(FORMAT_PARAM, format);
        const match = matchRules(rules, segments, query);
        if (!match) return sendError(res, 'not-found');
        if (match.action.kind === 'error') return sendError(res, match.action.error);
        const file = match.target;
        if (file === null || !isFile(root, file)) return sendError(res, match.action.missing);
        res.setHeader('Allow', ALLOW);
        return serveFile(req, res, file);
      }
      // Outside the API: plain files (landing page, logos, static), never folders or dot-files.
      const rel = segments.join('/');
      if (segments.length === 0) return isFile(root, '/index.html') ? serveFile(req, res, '/index.html') : sendError(res, 'not-found');
      if (!segments.every(isSafeSegment) || segments.some((s) => s.startsWith('.')) || NOT_SERVED.includes(`/${rel}`) || !isFile(root, `/${rel}`)) {
        return sendError(res, 'not-found');
      }
      return serveFile(req, res, `/${rel}`);
    } catch {
      if (!res.headersSent) send(res, 500, '{"detail":"Internal error."}');
      else res.destroy();
    }
  };
}

function isFile(root: string, path: string): boolean {
  const abs = join(root, path);
  if (!abs.startsWith(root + '/')) return false;
  return existsSync(abs) && statSync(abs).isFile();
}

/** Start the dev server; resolves once listening. */
export function startDevServer(options: DevServerOptions): Promise<Server> {
  const handler = createHandler(options.dir);
  const server = createServer(handler);
  // Requests Node cannot parse still get an answer: too long (414/431) or malformed (400).
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const [status, text, body] =
      err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', URI_TOO_LONG_BODY] : [400, 'Bad Request', BAD_REQUEST_BODY];
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolveServer(server));
  });
}
