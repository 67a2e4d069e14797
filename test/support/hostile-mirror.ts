/**
 * Hostile mirrors on loopback, for `check`'s guards (issue 37 item 2): each accepts every
 * connection and then never gives a whole answer of a sane size. Each counts what it sent, so a
 * test can tell a client that stopped reading from one that kept everything, and each stops on
 * its own after a ceiling, so a client without its guard fails its test instead of exhausting the
 * machine.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface HostileMirror {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Bytes of body written so far, over every connection. */
  readonly sent: () => number;
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

function listening(server: Server | TcpServer): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function mirror(server: Server | TcpServer, sockets: Set<Socket>, counts: { sent: number; connections: number }) {
  server.on('connection', (s: Socket) => {
    counts.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return async (): Promise<HostileMirror> => ({
    url: await listening(server),
    sent: () => counts.sent,
    connections: () => counts.connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * 200, chunked, and a body that never ends: 64 KiB chunks as fast as the client reads them,
 * until `ceiling` bytes went out over every connection together; then silence (the connection
 * stays open, the answer unfinished).
 */
export function endlessBody(ceiling: number): Promise<HostileMirror> {
  const counts = { sent: 0, connections: 0 };
  const server = createHttpServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // A HEAD answer has no body to send.
    if (req.method === 'HEAD') return void res.end();
    const pump = () => {
      while (counts.sent < ceiling && !res.destroyed) {
        counts.sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
    };
    pump();
  });
  return mirror(server, new Set(), counts)();
}

/**
 * 200 with a Content-Length of `announced` bytes, of which it sends one chunk and then nothing.
 */
export function announcesHuge(announced: number): Promise<HostileMirror> {
  const counts = { sent: 0, connections: 0 };
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(announced) });
    counts.sent += CHUNK.length;
    res.write(CHUNK);
  });
  return mirror(server, new Set(), counts)();
}

/**
 * A tarpit that trickles: 200 at once, then one byte of body every `everyMs`, and the end of the
 * answer only after `bytes` of them (so a client with no timeout of its own gets an answer, late).
 */
export function trickle(everyMs: number, bytes: number): Promise<HostileMirror> {
  const counts = { sent: 0, connections: 0 };
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(bytes) });
    let left = bytes;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      counts.sent++;
      left--;
      if (left > 0) res.write(' ');
      else {
        clearInterval(timer);
        res.end(' ');
      }
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  });
  return mirror(server, new Set(), counts)();
}

/** A tarpit that stays silent: it accepts the connection, never reads the request, never answers. */
export function silent(): Promise<HostileMirror> {
  const counts = { sent: 0, connections: 0 };
  const sockets = new Set<Socket>();
  const server = createTcpServer((s) => s.pause());
  return mirror(server, sockets, counts)();
}
