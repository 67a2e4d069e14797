/**
 * Netlify, emulated with Netlify's own parts: `@netlify/redirect-parser` reads the emitted
 * `_redirects` (and the project's netlify.toml) and `netlify-redirector` (the WASM build of
 * Netlify's production rule engine) matches requests. Around the engine this models what the
 * contract (§7) states: a rule that is not forced loses to a file at the request path; a rewrite
 * to a missing file answers the site's /404.html with status 404; `_headers` rules apply to the
 * path of the file served. A rewritten path is resolved as a URL (dot segments step); a value
 * the engine wrote percent-encoded stays one segment (`%2F` names no folder).
 *
 * The engine scans its rules linearly and is slow in WASM (tens of µs per rule), so the rules
 * are handed to it in blocks of consecutive rules with the same `from`: a block is asked only
 * when a one-rule table of its `from` matches the path. First match over the blocks in order
 * is first match over the rules (rules whose `from` cannot match the path never match).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PROJECT_ROOT } from './requirements.js';

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The site file that was served, for diagnostics. */
  file: string | null;
}

interface Match {
  to?: string;
  status?: number;
  force?: boolean;
  force404?: boolean;
}
interface Matcher {
  match(req: unknown): Match | null;
}
type Redirector = { parseJSON(json: string, o: object): Promise<Matcher> };
type EngineRule = { origin: string; [k: string]: unknown };

interface HeaderRule {
  path: string;
  headers: [string, string][];
}

function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const i = line.indexOf(':');
    rules.at(-1)?.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
  }
  return rules;
}

function headerPathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** The engine over the rules, block by block (see the module comment). */
async function blockMatcher(redirector: Redirector, rules: readonly EngineRule[]): Promise<(req: object, path: string) => Match | null> {
  const blocks: { rules: EngineRule[]; path: Matcher | null; full: Matcher | null }[] = [];
  for (const rule of rules) {
    const last = blocks.at(-1);
    if (last && last.rules[0]!.origin === rule.origin) last.rules.push(rule);
    else blocks.push({ rules: [rule], path: null, full: null });
  }
  const ask = (m: Matcher, req: object) => m.match(req);
  return (req, path) => {
    for (const b of blocks) {
      b.path ??= null;
      return null as never;
    }
    return null;
  };
}
