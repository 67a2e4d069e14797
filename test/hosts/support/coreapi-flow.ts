/**
 * The Core API client JASPAR's "API Clients" page recommends (Python coreapi 2.3.3, Debian
 * python3-coreapi), run unchanged against a host (contract §8.2): it loads the document from
 * both spellings of `/api/v1/docs` (and the 2018 form at `/api/v1/doc/`), then calls actions
 * as real scripts do. The host is reached over HTTP on loopback in front of its `send`
 * (loopback.ts: hosts the suite drives in-process, such as the CloudFront function or Netlify's
 * engine, get an address too). Lists are checked against the SQLite oracle, details against the
 * dev server's JSON.
 */
import { execFile } from 'node:child_process';
import { pythonWith } from '../../support/requirements.js';
import type { OracleDb } from '../../support/oracle-db.js';
import { oracleAnswer } from '../../support/oracle-sql.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { loopback } from './loopback.js';

export const PYTHON_COREAPI = pythonWith('coreapi', 'python3-coreapi');

/** One client call: the document's address, the action's keys and its parameters. */
interface Call {
  readonly doc: string;
  readonly keys: readonly string[];
  readonly params: Readonly<Record<string, string | number>>;
}

/** What the client gave back: the decoded answer, or the ErrorMessage's content. */
type Outcome = { readonly ok: unknown } | { readonly error: string; readonly detail: unknown };

const SCRIPT = `
import json, sys
import coreapi
plan = json.load(sys.stdin)
client = coreapi.Client()
documents = {}
out = []
for call in plan["calls"]:
    url = plan["base"] + call["doc"]
    try:
        if url not in documents:
            documents[url] = client.get(url)
        schema = documents[url]
        if not call["keys"]:
            out.append({"ok": sorted(k for k in schema.keys())})
            continue
        result = client.action(schema, call["keys"], params=call["params"])
        out.append({"ok": json.loads(json.dumps(result))})
    except coreapi.exceptions.ErrorMessage as e:
        out.append({"error": "ErrorMessage", "detail": dict(e.error)})
    except Exception as e:
        out.append({"error": type(e).__name__, "detail": str(e)})
json.dump(out, sys.stdout)
`;

/** The client's answers to `calls` against `base` (no trailing slash). */
function runClient(base: string, calls: readonly Call[]): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      PYTHON_COREAPI.interpreter,
      ['-c', SCRIPT],
      { maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`coreapi client failed: ${err.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Outcome[]);
      },
    );
    child.stdin!.end(JSON.stringify({ base, calls }));
  });
}

/** Parameter sets real scripts send to `matrix list` (contract §8, §8.1), over values the release has. */
function listParams(db: OracleDb, tier: 'compute' | 'rules'): Record<string, string | number>[] {
  const value = (tag: string) =>
    (
      db.get(`SELECT VAL FROM MATRIX_ANNOTATION WHERE TAG = ? ORDER BY ID, VAL LIMIT 1`, [tag]) as {
        VAL: string;
      } | null
    )?.VAL ?? 'none';
  // The prebuilt selections of the host suites' build (page size 100, collection and tax_group).
  const prebuilt: Record<string, string | number>[] = [
    { collection: 'CORE', page_size: 100 },
    { tax_group: 'vertebrates' },
    { page_size: 100, page: 1 },
  ];
  if (tier === 'rules') return prebuilt;
  const cls = value('class');
  const family = value('family');
  const type = value('type');
  return [
    ...prebuilt,
    { release: '2016', page_size: 1000, page: 1 },
    { release: '2016', page_size: 1000, page: 1, version: 'latest' },
    { collection: 'CORE', tax_group: 'vertebrates', page_size: 1000, version: 'latest' },
    { tf_class: cls, page_size: 1000 },
    { class: cls, tf_class: cls, page_size: 1000 },
    { family, type, page_size: 1000 },
    { tf_family: family, data_type: type, release: 'JASPAR2016', page_size: 1000 },
    { search: 'a', order: '-name', page_size: 20 },
    { tax_id: '9606', page_size: 25, page: 1 },
  ];
}

const pairsOf = (params: Record<string, string | number>) =>
  Object.entries(params).map(([k, v]) => [k, String(v)] as const);

/**
 * Run the client's documented flow against a host and return what went wrong (empty: none).
 * `reference` is the dev server (compute mode); on the rules tier, lists the host has no
 * prebuilt page for are not asked (a refusal there is the tier's promise, tested elsewhere).
 */
export async function coreapiFlow(
  send: (req: ClientRequest) => Promise<Reply>,
  reference: (req: ClientRequest) => Promise<Reply>,
  db: OracleDb,
  tier: 'compute' | 'rules',
): Promise<string[]> {
  const host = await loopback(send);
  try {
    const lists = listParams(db, tier);
    const calls: Call[] = [
      { doc: '/api/v1/docs', keys: [], params: {} },
      { doc: '/api/v1/docs/', keys: [], params: {} },
      { doc: '/api/v1/doc/', keys: [], params: {} },
      { doc: '/api/v1/docs', keys: ['matrix', 'read'], params: { matrix_id: 'MA0101.2' } },
      { doc: '/api/v1/doc/', keys: ['v1', 'matrix', 'read'], params: { matrix_id: 'MA0101.2' } },
      { doc: '/api/v1/docs/', keys: ['tffm', 'read'], params: { tffm_id: 'TFFM0001.1' } },
      { doc: '/api/v1/docs/', keys: ['matrix', 'versions', 'list'], params: { base_id: 'MA0101' } },
      { doc: '/api/v1/docs/', keys: ['infer', 'read'], params: { sequence: 'MKVLAAGIVGLLLA' } },
      ...lists.map((params) => ({ doc: '/api/v1/docs/', keys: ['matrix', 'list'], params })),
      ...(tier === 'compute'
        ? [{ doc: '/api/v1/docs/', keys: ['tffm', 'list'], params: { search: 'a', page_size: 1000 } }]
        : [{ doc: '/api/v1/docs/', keys: ['tffm', 'list'], params: {} }]),
    ];
    const got = await runClient(host.url, calls);
    const problems: string[] = [];
    const json = async (target: string): Promise<unknown> =>
      JSON.parse((await reference({ method: 'GET', target })).body.toString('utf8'));
    const expectOk = (i: number, what: string): unknown => {
      const o = got[i]!;
      if ('ok' in o) return o.ok;
      problems.push(`${what}: ${o.error} ${JSON.stringify(o.detail)}`);
      return undefined;
    };
    const sections = ['collections', 'infer', 'list', 'matrix', 'releases', 'species', 'taxon', 'tffm'];
    for (const i of [0, 1]) {
      const keys = expectOk(i, `document ${calls[i]!.doc}`) as string[] | undefined;
      if (keys && !sections.every((s) => keys.includes(s)))
        problems.push(`document ${calls[i]!.doc}: sections ${keys}`);
    }
    const nested = expectOk(2, 'document /api/v1/doc/') as string[] | undefined;
    if (nested && JSON.stringify(nested) !== '["v1"]') problems.push(`/api/v1/doc/: sections ${nested}`);
    const detail = await json('/api/v1/matrix/MA0101.2/');
    for (const i of [3, 4])
      if (JSON.stringify(expectOk(i, 'matrix read')) !== JSON.stringify(detail))
        problems.push(`matrix read (${calls[i]!.doc}): not the dev server's answer`);
    if (JSON.stringify(expectOk(5, 'tffm read')) !== JSON.stringify(await json('/api/v1/tffm/TFFM0001.1/')))
      problems.push("tffm read: not the dev server's answer");
    if (JSON.stringify(expectOk(6, 'versions list')) !== JSON.stringify(await json('/api/v1/matrix/MA0101/versions/')))
      problems.push("matrix versions list: not the dev server's answer");
    const infer = got[7]!;
    if (!('error' in infer) || infer.error !== 'ErrorMessage' || !/not offered/.test(JSON.stringify(infer.detail)))
      problems.push(`infer read: ${JSON.stringify(infer)}`);
    lists.forEach((params, k) => {
      const page = expectOk(8 + k, `matrix list ${JSON.stringify(params)}`) as
        | { count: number; results: { matrix_id: string }[] }
        | undefined;
      if (!page) return;
      const want = oracleAnswer(db, { kind: 'matrix' }, pairsOf(params));
      const ids = page.results.map((r) => r.matrix_id);
      if (want.status !== 200 || want.count !== page.count || JSON.stringify(want.ids) !== JSON.stringify(ids))
        problems.push(
          `matrix list ${JSON.stringify(params)}: ${page.count} ${ids.slice(0, 5)}, oracle ${JSON.stringify(want).slice(0, 200)}`,
        );
    });
    const tffms = expectOk(8 + lists.length, 'tffm list') as { count: number } | undefined;
    if (tffms && !(tffms.count > 0)) problems.push('tffm list: empty');
    return problems;
  } finally {
    await host.close();
  }
}
