/**
 * The S3 part of the stand-in `aws` (./aws-stand-in.ts): the `aws s3` and `aws s3api` commands
 * the AWS targets' upload.sh and deploy.sh run (src/hosting/aws/typed-syncs.ts,
 * src/hosting/aws/deploy-script.ts), done with plain HTTP requests to s3rver on loopback
 * (test/support/s3-server.ts; it checks no signatures) instead of Debian's AWS CLI, which spends
 * about half a second of CPU starting Python for each command and more per object. Bundled by
 * esbuild into one Node script the shell stand-in execs (./aws-stand-in.ts).
 *
 * What it does is what AWS CLI v1 (awscli/customizations/s3/) does, step for step:
 * - `s3 sync DIR s3://BUCKET/PREFIX`: the folder walked as the CLI walks it (each folder's names
 *   sorted with a `/` after folder names, links followed), the objects under the prefix listed
 *   with ListObjectsV2 (`--page-size` as max-keys; a zero-byte key ending in `/` left out);
 *   `--exclude`/`--include` applied in order to both, the last match deciding, each pattern
 *   fnmatch's (`*` crosses `/`) joined to the folder's absolute path (local files) and to
 *   `BUCKET/PREFIX` (objects); then the two sorted lists merged by relative key, as the CLI's
 *   comparator does: a file the bucket lacks is uploaded, a file whose size differs or which is
 *   newer than its object's LastModified (its mtime rounded to microseconds as Python's
 *   `datetime.fromtimestamp` does) is uploaded, and with `--delete` an object the folder lacks
 *   is deleted. Uploads carry `--content-type` (else the CLI's guess by extension, ./cli-guess.ts),
 *   `--content-encoding` and `--cache-control`. Output: `upload: <file relative to the working
 *   folder> to s3://BUCKET/KEY`, `delete: s3://BUCKET/KEY`, `(dryrun) ` before each with
 *   `--dryrun` (and nothing done), no success lines with `--only-show-errors`, nothing with `--quiet`; failures as
 *   `upload failed: … <error>` on stderr and exit 1.
 * - `s3 cp FILE s3://BUCKET/KEY` (or `…/PREFIX/`), with the same metadata options.
 * - `s3api head-bucket --bucket B`, `s3api create-bucket --bucket B [--region R]`.
 * Global options: `--endpoint-url` (else AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL), which must be
 * on loopback, and `--region`.
 *
 * The one difference by design: the CLI's progress lines (`Completed … remaining`, written with
 * `\r` unless `--no-progress`) are not written. Anything else it does not implement (another
 * command or option, a download, a pattern with `[`, a file the CLI would skip with a warning, a
 * file type it has no guess for) fails loudly with exit 255 and a line naming it; it never
 * silently does something else. test/hosts/s3-upload.test.ts runs upload.sh with it and with
 * the real CLI side by side and requires the same transfers and the same objects.
 */
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { CLI_GUESS } from './cli-guess.js';

/** A command or option the stand-in does not implement (exit 255, as the CLI's usage errors). */
class Unsupported extends Error {}

const refuse = (what: string): never => {
  throw new Unsupported(`${what} is not implemented by the S3 stand-in (test/hosts/support/s3-sync-stand-in.ts)`);
};

/** Uploads and deletes in flight at once (the CLI's max_concurrent_requests). */
const PARALLEL = 10;

interface Io {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  out(line: string): void;
  err(line: string): void;
}

// ---------------------------------------------------------------------------------------------
// Command line

interface Parsed {
  readonly words: string[];
  readonly values: Map<string, string[]>;
  readonly flags: Set<string>;
}

/** Split argv by what each option takes; an option not in `valued` or `flags` is refused. */
function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[]): Parsed {
  const parsed: Parsed = { words: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg !== '-') refuse(`the option ${arg}`);
      parsed.words.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (valued.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) refuse(`${name} without a value`);
      parsed.values.set(name, [...(parsed.values.get(name) ?? []), value!]);
    } else if (flags.includes(name) && eq === -1) parsed.flags.add(name);
    else refuse(`the option ${arg}`);
  }
  return parsed;
}

/** The one value of an option given at most once. */
function single(p: Parsed, name: string): string | undefined {
  const v = p.values.get(name);
  if (v && v.length > 1) refuse(`${name} given twice`);
  return v?.[0];
}

/** The filters in command-line order (parseArgs keeps each option's values apart: read them again). */
function filtersOf(argv: readonly string[]): { include: boolean; pattern: string }[] {
  const out: { include: boolean; pattern: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(exclude|include)(?:=(.*))?$/s.exec(argv[i]!);
    if (m) out.push({ include: m[1] === 'include', pattern: m[2] ?? argv[++i]! });
  }
  return out;
}

/** The endpoint: `--endpoint-url`, else the environment; only loopback (never AWS). */
function endpointOf(p: Parsed, env: NodeJS.ProcessEnv): string {
  const url = single(p, '--endpoint-url') ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  if (url === undefined || url === '') return refuse('S3 without --endpoint-url or AWS_ENDPOINT_URL (real AWS)');
  const u = new URL(url);
  if (u.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) || u.pathname !== '/')
    refuse(`the endpoint ${url} (only http://127.0.0.1:PORT, a local S3 server)`);
  return `${u.protocol}//${u.host}`;
}

// ---------------------------------------------------------------------------------------------
// Paths, patterns, times as the CLI (Python) computes them

/** An `s3://bucket/key` path: bucket and key (the CLI's find_bucket_key, without access points). */
function bucketKey(path: string): { bucket: string; key: string } {
  const rest = path.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  if (bucket === '' || bucket.startsWith('arn:')) refuse(`the S3 path ${path}`);
  return { bucket, key: slash === -1 ? '' : rest.slice(slash + 1) };
}

/** Python's os.path.abspath (a leading `//`, which it keeps, is refused). */
function abspath(path: string, cwd: string): string {
  const full = resolve(cwd, path);
  if (path.startsWith('//') || (!path.startsWith('/') && cwd.startsWith('//'))) refuse(`the path ${path}`);
  return full;
}

/** Python's os.path.join of two parts. */
const pyJoin = (a: string, b: string) => (b.startsWith('/') ? b : a === '' || a.endsWith('/') ? a + b : `${a}/${b}`);

/** fnmatch.fnmatch's pattern (fnmatch.translate: `*` any run, `?` one character, across `/`). */
export function fnmatchRegExp(pattern: string): RegExp {
  if (pattern.includes('[')) refuse(`the filter pattern ${pattern} (character classes)`);
  let re = '';
  for (const c of pattern) {
    if (c === '*') re += re.endsWith('.*') ? '' : '.*';
    else if (c === '?') re += '.';
    else re += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

/** C's round(): half away from zero. */
const cRound = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/**
 * A file's modification time as the CLI compares it, in microseconds since the epoch: Python's
 * `st_mtime` (the double `sec + nsec * 1e-9`) given to `datetime.fromtimestamp`, which rounds
 * to microseconds half to even (_PyTime_DoubleToDenominator).
 */
export function pythonMtimeMicros(mtimeNs: bigint): number {
  const sec = mtimeNs / 1_000_000_000n;
  const nsec = mtimeNs % 1_000_000_000n;
  const d = Number(sec) + Number(nsec) * 1e-9;
  let intpart = Math.trunc(d);
  const x = (d - intpart) * 1e6;
  let frac = cRound(x);
  if (Math.abs(x - frac) === 0.5) frac = 2 * cRound(x / 2);
  if (frac >= 1e6) {
    frac -= 1e6;
    intpart += 1;
  } else if (frac < 0) {
    frac += 1e6;
    intpart -= 1;
  }
  return intpart * 1e6 + frac;
}

/** An S3 timestamp (`2024-01-02T03:04:05.000Z`) in microseconds since the epoch. */
function s3TimeMicros(text: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?Z$/.exec(text);
  if (!m) return refuse(`the LastModified ${text}`);
  const seconds = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) / 1000;
  return seconds * 1e6 + Number((m[7] ?? '').padEnd(6, '0'));
}

/** Python's ordering of str (code points), which is UTF-8's byte order. */
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The CLI's Content-Type for a file uploaded without `--content-type` (mimetypes.guess_type). */
function guessType(file: string): string {
  const ext = extname(basename(file)).toLowerCase();
  // mimetypes reads a compression suffix as an encoding and types what is before it.
  const type = ['.gz', '.z', '.bz2', '.xz', '.br', '.tgz', '.taz', '.tz', '.tbz2', '.txz', '.svgz'].includes(ext)
    ? undefined
    : CLI_GUESS[ext];
  return type ?? refuse(`guessing the Content-Type of ${file} (no row for its extension in cli-guess.ts)`);
}

/** The CLI's relative_path: the file's folder relative to the working folder, and its name. */
function shown(file: string, cwd: string): string {
  return `${relative(cwd, dirname(file)) || '.'}/${basename(file)}`;
}

// ---------------------------------------------------------------------------------------------
// Listings

interface Entry {
  /** The CLI's `src`: a file's absolute path, or `bucket/key`. */
  readonly src: string;
  /** Relative to the folder or prefix synced. */
  readonly compareKey: string;
  readonly size: number;
  /** Microseconds since the epoch. */
  readonly time: number;
}

/** A file's status as stat(2) gives it (links followed), or a refusal for a link to nothing. */
function statOf(full: string) {
  try {
    return statSync(full, { bigint: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      refuse(`${full}: a link to nothing (the CLI warns and skips it)`);
    throw err;
  }
}

/**
 * The folder's files in the CLI's order (list_files); `root` is its absolute path ending in `/`.
 * Synchronous: the stand-in is a process of its own that does nothing else meanwhile, and a
 * promise per stat and access made each sync over a site root cost several times the CPU.
 */
function localFiles(root: string, dir: string = root, out: Entry[] = []): Entry[] {
  const names: { name: string; isDir: boolean; size: number; time: number }[] = [];
  for (const name of readdirSync(dir)) {
    const full = dir + name;
    const st = statOf(full);
    if (st.isDirectory()) names.push({ name: `${name}/`, isDir: true, size: 0, time: 0 });
    else if (st.isFile()) {
      try {
        accessSync(full, constants.R_OK);
      } catch {
        refuse(`${full}: unreadable (the CLI warns and skips it)`);
      }
      names.push({ name, isDir: false, size: Number(st.size), time: pythonMtimeMicros(st.mtimeNs) });
    } else refuse(`${full}: a special file (the CLI warns and skips it)`);
  }
  names.sort((a, b) => byCodePoint(a.name, b.name));
  for (const n of names) {
    if (n.isDir) localFiles(root, dir + n.name, out);
    else {
      const src = dir + n.name;
      out.push({ src, compareKey: src.slice(root.length), size: n.size, time: n.time });
    }
  }
  return out;
}

/** XML text content with its five entities and character references decoded. */
const xmlText = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(Number.parseInt(e.slice(e[1] === 'x' ? 2 : 1), e[1] === 'x' ? 16 : 10))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!,
  );

const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m ? xmlText(m[1]!) : undefined;
};

/** An error answer's code and message, as the CLI words it. */
async function s3Error(res: Response, operation: string): Promise<string> {
  const body = await res.text();
  return `An error occurred (${tag(body, 'Code') ?? res.status}) when calling the ${operation} operation: ${tag(body, 'Message') ?? res.statusText}`;
}

/** An object of a listing: its key, size and LastModified (microseconds, as the CLI compares). */
export interface ListedObject {
  readonly key: string;
  readonly size: number;
  readonly time: number;
}

/**
 * The objects under `prefix`, page by page, in the bucket's order (BucketLister: ListObjectsV2,
 * `pageSize` keys a page); s3-upload reads the page sizes to show that listings page.
 */
export async function listPages(
  endpoint: string,
  bucket: string,
  prefix: string,
  pageSize: number | undefined,
): Promise<ListedObject[][]> {
  const pages: ListedObject[][] = [];
  let token: string | undefined;
  do {
    const q = new URLSearchParams({ 'list-type': '2', prefix });
    if (pageSize !== undefined) q.set('max-keys', String(pageSize));
    if (token !== undefined) q.set('continuation-token', token);
    const res = await fetch(`${endpoint}/${encodeURIComponent(bucket)}?${q}`);
    if (res.status !== 200) throw new Error(await s3Error(res, 'ListObjectsV2'));
    const xml = await res.text();
    const page: ListedObject[] = [];
    for (const [, c] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = tag(c!, 'Key');
      const size = tag(c!, 'Size');
      const time = tag(c!, 'LastModified');
      if (key === undefined || size === undefined || time === undefined) throw new Error(`a listing entry: ${c}`);
      page.push({ key, size: Number(size), time: s3TimeMicros(time) });
    }
    pages.push(page);
    token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
    if (tag(xml, 'IsTruncated') === 'true' && token === undefined)
      throw new Error('a truncated listing without a token');
  } while (token !== undefined);
  return pages;
}

const objectUrl = (endpoint: string, bucket: string, key: string) =>
  `${endpoint}/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;

// ---------------------------------------------------------------------------------------------
// Transfers

type Output = 'all' | 'errors' | 'none';

interface Metadata {
  readonly contentType: string | undefined;
  readonly contentEncoding: string | undefined;
  readonly cacheControl: string | undefined;
}

type Task =
  | { readonly op: 'upload'; readonly file: string; readonly bucket: string; readonly key: string }
  | { readonly op: 'delete'; readonly bucket: string; readonly key: string };

const METADATA_OPTIONS = ['--content-type', '--content-encoding', '--cache-control'];
const OUTPUT_FLAGS = ['--no-progress', '--only-show-errors', '--quiet', '--dryrun'];

const metadataOf = (p: Parsed): Metadata => ({
  contentType: single(p, '--content-type'),
  contentEncoding: single(p, '--content-encoding'),
  cacheControl: single(p, '--cache-control'),
});

const outputOf = (p: Parsed): Output =>
  p.flags.has('--quiet') ? 'none' : p.flags.has('--only-show-errors') ? 'errors' : 'all';

/** Run the tasks, PARALLEL at once, each line printed when it is done; exit 1 if one failed. */
async function perform(tasks: readonly Task[], endpoint: string, meta: Metadata, p: Parsed, io: Io): Promise<number> {
  const output = outputOf(p);
  const where = (t: Task) =>
    t.op === 'upload' ? `${shown(t.file, io.cwd)} to s3://${t.bucket}/${t.key}` : `s3://${t.bucket}/${t.key}`;
  if (p.flags.has('--dryrun')) {
    // The CLI's only-show-errors printer still prints a dry run's lines; --quiet none.
    if (output !== 'none') for (const t of tasks) io.out(`(dryrun) ${t.op}: ${where(t)}`);
    return 0;
  }
  // Every upload's headers before the first request: a type it cannot guess stops it before any transfer.
  const headersOf = new Map<Task, Record<string, string>>();
  for (const t of tasks) {
    if (t.op !== 'upload') continue;
    const headers: Record<string, string> = { 'content-type': meta.contentType ?? guessType(t.file) };
    if (meta.contentEncoding !== undefined) headers['content-encoding'] = meta.contentEncoding;
    if (meta.cacheControl !== undefined) headers['cache-control'] = meta.cacheControl;
    headersOf.set(t, headers);
  }
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const t = tasks[next++]!;
      try {
        if (t.op === 'upload') {
          const headers = headersOf.get(t)!;
          const res = await fetch(objectUrl(endpoint, t.bucket, t.key), {
            method: 'PUT',
            headers,
            body: readFileSync(t.file),
          });
          if (res.status !== 200) throw new Error(await s3Error(res, 'PutObject'));
          await res.arrayBuffer();
        } else {
          const res = await fetch(objectUrl(endpoint, t.bucket, t.key), { method: 'DELETE' });
          if (res.status !== 204 && res.status !== 200) throw new Error(await s3Error(res, 'DeleteObject'));
          await res.arrayBuffer();
        }
        if (output === 'all') io.out(`${t.op}: ${where(t)}`);
      } catch (err) {
        failed++;
        if (output !== 'none') io.err(`${t.op} failed: ${where(t)} ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failed > 0 ? 1 : 0;
}

/** `aws s3 sync DIR s3://BUCKET/PREFIX [options]`. */
async function sync(argv: readonly string[], io: Io): Promise<number> {
  const p = parseArgs(
    argv,
    ['--endpoint-url', '--region', '--exclude', '--include', '--page-size', ...METADATA_OPTIONS],
    ['--delete', ...OUTPUT_FLAGS],
  );
  const [from, to, ...more] = p.words;
  if (from === undefined || to === undefined || more.length > 0) return refuse(`s3 sync ${p.words.join(' ')}`);
  if (from.startsWith('s3://') || !to.startsWith('s3://')) refuse('s3 sync other than from a folder to S3');
  const endpoint = endpointOf(p, io.env);
  const pageText = single(p, '--page-size');
  const pageSize = pageText === undefined ? undefined : Number(pageText);
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize > 0)) refuse(`--page-size ${pageText}`);
  const localRoot = abspath(from, io.cwd);
  const st = await stat(localRoot).catch(() => null);
  if (st === null) {
    io.err(`\nThe user-provided path ${from} does not exist.`);
    return 255;
  }
  if (!st.isDirectory()) refuse(`s3 sync from a file (${from})`);
  // The CLI's paths: `bucket/prefix/` (a folder operation ends in `/`) and the folder with `/`.
  const { bucket, key } = bucketKey(to);
  const prefix = key === '' || key.endsWith('/') ? key : `${key}/`;
  const s3Root = `${bucket}/${key}`;
  const filters = filtersOf(argv).map((f) => ({
    include: f.include,
    local: fnmatchRegExp(pyJoin(localRoot, f.pattern)),
    remote: fnmatchRegExp(pyJoin(s3Root, f.pattern)),
  }));
  const taken = (e: Entry) =>
    filters.reduce((keep, f) => {
      let k = keep;
      if (f.local.test(e.src)) k = f.include;
      if (f.remote.test(e.src)) k = f.include;
      return k;
    }, true);
  const root = localRoot === '/' ? '//' : `${localRoot}/`;
  const local = localFiles(root).filter(taken);
  const remote = (await listPages(endpoint, bucket, prefix, pageSize))
    .flat()
    .filter((o) => !(o.size === 0 && o.key.endsWith('/')))
    .map((o) => ({ src: `${bucket}/${o.key}`, compareKey: o.key.slice(prefix.length), size: o.size, time: o.time }))
    .filter(taken);
  // The CLI's comparator: both lists in order, merged by compare key.
  const tasks: Task[] = [];
  const upload = (e: Entry) => tasks.push({ op: 'upload', file: e.src, bucket, key: prefix + e.compareKey });
  const remove = (e: Entry) => {
    if (p.flags.has('--delete')) tasks.push({ op: 'delete', bucket, key: e.src.slice(bucket.length + 1) });
  };
  let i = 0;
  let j = 0;
  while (i < local.length || j < remote.length) {
    const l = local[i];
    const r = remote[j];
    if (l !== undefined && r !== undefined) {
      const c = byCodePoint(l.compareKey, r.compareKey);
      if (c === 0) {
        if (l.size !== r.size || r.time - l.time < 0) upload(l);
        i++;
        j++;
      } else if (c < 0) {
        upload(l);
        i++;
      } else {
        remove(r);
        j++;
      }
    } else if (l !== undefined) {
      upload(l);
      i++;
    } else {
      remove(r!);
      j++;
    }
  }
  return perform(tasks, endpoint, metadataOf(p), p, io);
}

/** `aws s3 cp FILE s3://BUCKET/KEY [options]` (a key ending in `/` takes the file's name). */
async function cp(argv: readonly string[], io: Io): Promise<number> {
  const p = parseArgs(argv, ['--endpoint-url', '--region', ...METADATA_OPTIONS], OUTPUT_FLAGS);
  const [from, to, ...more] = p.words;
  if (from === undefined || to === undefined || more.length > 0) return refuse(`s3 cp ${p.words.join(' ')}`);
  if (from.startsWith('s3://') || !to.startsWith('s3://')) refuse('s3 cp other than a file to S3');
  const endpoint = endpointOf(p, io.env);
  const file = abspath(from, io.cwd);
  const st = await stat(file).catch(() => null);
  if (st === null) {
    io.err(`\nThe user-provided path ${from} does not exist.`);
    return 255;
  }
  if (!st.isFile()) refuse(`s3 cp of ${from}, not a file`);
  const { bucket, key } = bucketKey(to);
  const target = key === '' || key.endsWith('/') ? key + basename(file) : key;
  return perform([{ op: 'upload', file, bucket, key: target }], endpoint, metadataOf(p), p, io);
}

/** `aws s3api head-bucket` and `create-bucket`. */
async function s3api(op: string, argv: readonly string[], io: Io): Promise<number> {
  const p = parseArgs(argv, ['--endpoint-url', '--region', '--bucket'], []);
  const bucket = single(p, '--bucket');
  if (bucket === undefined || p.words.length > 0) return refuse(`s3api ${op} ${argv.join(' ')}`);
  const endpoint = endpointOf(p, io.env);
  const url = `${endpoint}/${encodeURIComponent(bucket)}`;
  if (op === 'head-bucket') {
    const res = await fetch(url, { method: 'HEAD' });
    if (res.status === 200) return 0;
    io.err(`\nAn error occurred (${res.status}) when calling the HeadBucket operation: ${res.statusText}`);
    return 255;
  }
  if (op === 'create-bucket') {
    const res = await fetch(url, { method: 'PUT' });
    if (res.status !== 200) {
      io.err(`\n${await s3Error(res, 'CreateBucket')}`);
      return 255;
    }
    await res.arrayBuffer();
    io.out(JSON.stringify({ Location: res.headers.get('location') ?? `/${bucket}` }, null, 4));
    return 0;
  }
  return refuse(`s3api ${op}`);
}

/** Run one `aws` command line (without `aws`); the exit status. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    // Global options before the command go to it with the rest (each command takes them).
    const globals: string[] = [];
    let i = 0;
    for (; i < argv.length && argv[i]!.startsWith('--'); i++) {
      globals.push(argv[i]!);
      if (['--endpoint-url', '--region'].includes(argv[i]!)) globals.push(argv[++i] ?? '');
    }
    const [service, op, ...rest] = argv.slice(i);
    const args = [...globals, ...rest];
    if (service === 's3' && op === 'sync') return await sync(args, io);
    if (service === 's3' && op === 'cp') return await cp(args, io);
    if (service === 's3api' && op !== undefined) return await s3api(op, args, io);
    return refuse(`aws ${argv.join(' ')}`);
  } catch (err) {
    io.err(`aws: ${(err as Error).message}`);
    return 255;
  }
}
