/**
 * A build replaces its site and deploy folders whole. It may only replace what is its own:
 * a folder that is absent, empty, or one this tool built. A site is known by its manifest
 * (`jaspar-static.json` with `"generator": "jaspar-static"`, written into every site; the
 * build record beside it, `.dist.build.json`, is not proof: it outlives the site); a deploy
 * folder by holding nothing but the per-host folders the build writes there (`nginx/`,
 * `apache/`, ...). Anything else is refused before any work, naming the folder and a few of
 * its entries. `--force` replaces a site of another version or tool, or a folder holding only
 * names a build writes (site-names.ts), and nothing else: never a system folder (system.ts), a
 * mount point, or a folder holding a file the build would not have written (named in the
 * refusal). What a forced build replaces is kept beside it, in a trash folder, until the next
 * build (swap.ts). Never replaced at all: `/`, the home folder, the current folder and those
 * around it, a folder holding `.git`, the dump's own folder and those around it
 * (docs/decisions.md, "Which folders a build replaces").
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { parse, resolve, sep } from 'node:path';
import { UserError } from '../errors.js';
import { HOST_TARGETS } from '../targets/registry.js';
import { RECORD_FILE } from '../output/build-record.js';
import { manifestFile } from './manifest.js';
import { siteWrites } from './site-names.js';
import { hostSystem, mountPointOf, systemFolderOf, type HostSystem } from './system.js';

export type FolderRole = 'site' | 'deploy';

export interface ReplaceCheck {
  /** The option naming the folder, as the user knows it (`--out`, `--deploy-dir`). */
  readonly flag: string;
  /** The folder as given. */
  readonly dir: string;
  readonly role: FolderRole;
  /** The dumps the build reads. */
  readonly dumps: readonly string[];
  readonly force: boolean;
  /** The machine's root and mount points; tests give a fake root (system.ts). Default: this machine's. */
  readonly system?: HostSystem;
}

/**
 * What the build may do with the folder: create it (absent or empty), replace its own, or
 * replace it because of `--force`, keeping what it replaces in a trash folder until the next build.
 */
export type Replacement = 'new' | 'own' | 'forced';

const within = (inner: string, outer: string) =>
  inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/** The path, and the real path behind it when it exists (links resolved), to compare both. */
function spellings(path: string): string[] {
  const abs = resolve(path);
  try {
    const real = realpathSync(abs);
    return real === abs ? [abs] : [abs, real];
  } catch {
    return [abs];
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Why `dir` is never replaced, even with --force; null when it may be. */
function neverReplaced(check: ReplaceCheck, names: readonly string[] | null): string | null {
  const dirs = spellings(check.dir);
  if (dirs.some((d) => d === parse(d).root)) return 'it is the root of the file system';
  const home = spellings(homedir());
  if (dirs.some((d) => home.some((h) => within(h, d)))) return 'it is your home folder or holds it';
  const cwd = spellings(process.cwd());
  if (dirs.some((d) => cwd.some((c) => within(c, d))))
    return 'it is the current folder or holds it (build into a folder of its own, e.g. --out dist)';
  if (names?.includes('.git')) return 'it holds .git (a repository)';
  for (const dump of check.dumps) {
    if (spellings(dump).some((p) => dirs.some((d) => within(p, d)))) return `the dump ${dump} is inside it`;
  }
  return null;
}

/** Whether the build could have written `name` at the top of a folder of this role. */
function buildWrites(dir: string, role: FolderRole, name: string): boolean {
  if (role === 'site') return siteWrites(name);
  const hosts: readonly string[] = HOST_TARGETS;
  return (
    (hosts.includes(name) && statOrNull(resolve(dir, name))?.isDirectory() === true) ||
    (name === RECORD_FILE && statOrNull(resolve(dir, name))?.isFile() === true)
  );
}

/** Whether a non-empty folder is one this tool built. */
function isOwn(dir: string, role: FolderRole, names: readonly string[]): boolean {
  // Host folders, and the build record the build keeps there (src/output/build-record.ts).
  if (role === 'deploy') return names.every((n) => buildWrites(dir, role, n));
  const parsed = (path: string) => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as { generator?: unknown };
    } catch {
      return null;
    }
  };
  // Its own manifest only: the build record beside the folder outlives a site deleted and a
  // folder of the user's later made under the same name, so it proves nothing about the folder.
  return parsed(resolve(dir, manifestFile))?.generator === 'jaspar-static';
}

/** What the folder's manifest says about it, for the refusal: none, edited by hand, another tool's. */
function manifestFinding(dir: string): string {
  const path = resolve(dir, manifestFile);
  if (statOrNull(path) === null) return `no ${manifestFile}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return `its ${manifestFile} cannot be read`;
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return `its ${manifestFile} is not JSON: edited by hand?`;
  }
  const generator = (manifest as { generator?: unknown } | null)?.generator;
  if (typeof generator === 'string' && generator !== '')
    return `its ${manifestFile} was written by ${JSON.stringify(generator)}, not jaspar-static`;
  return `its ${manifestFile} names no generator: edited by hand?`;
}

/** `a, b/, c and 4 more` — the first entries of a folder, folders marked with a slash. */
function sample(dir: string, names: readonly string[]): string {
  const shown = [...names]
    .sort()
    .slice(0, 3)
    .map((n) => (statOrNull(resolve(dir, n))?.isDirectory() ? `${n}/` : n));
  return names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : shown.join(', ');
}

/**
 * Why `--force` still may not replace `dir`: a system folder, a mount point, or a folder holding
 * a name the build never writes (one of them named); null when it may.
 */
function forceRefused(check: ReplaceCheck, names: readonly string[]): string | null {
  const system = check.system ?? hostSystem();
  const dirs = spellings(check.dir);
  for (const d of dirs) {
    const folder = systemFolderOf(d, system);
    if (folder !== null) return `it is in ${folder}, a system folder; the build never replaces one, even with --force`;
  }
  for (const d of dirs) {
    if (mountPointOf(d, system))
      return `it is a mount point (${d}); the build never replaces one, even with --force: build into a folder inside it`;
  }
  const foreign = [...names].sort().find((n) => !buildWrites(check.dir, check.role, n));
  if (foreign === undefined) return null;
  const kind = statOrNull(resolve(check.dir, foreign))?.isDirectory() ? `${foreign}/` : foreign;
  return `it holds ${kind}, which a build never writes there; --force replaces only a ${check.role === 'site' ? 'site' : 'deploy folder'} (of another version or tool), never a folder of other files. Choose a new or empty folder, or move ${kind} out first`;
}

/**
 * Throw a one-line UserError when the build must not replace `check.dir`; else say how it
 * replaces it. Reads nothing but the folder's listing (and a site's manifest), so it runs
 * before the dump is read.
 */
export function checkReplaceable(check: ReplaceCheck): Replacement {
  const { flag, dir, role } = check;
  const fail = (why: string) => new UserError(`${flag} "${dir}": ${why}`);
  const st = statOrNull(resolve(dir));
  const names = st?.isDirectory() ? readdirSync(resolve(dir)) : null;
  const never = neverReplaced(check, names);
  if (never !== null)
    throw fail(`${never}; the build replaces its folder whole, so it never builds there, even with --force`);
  if (st === null) return 'new';
  if (!st.isDirectory())
    throw fail(
      `it is ${st.isSymbolicLink() ? 'a symbolic link' : 'a file'}, not a folder; the ${role} is written as a folder there, so choose another path`,
    );
  if (names === null || names.length === 0) return 'new';
  if (isOwn(dir, role, names)) return 'own';
  const what =
    role === 'site'
      ? `a site built by jaspar-static (${manifestFinding(dir)})`
      : 'a deploy folder of jaspar-static (only host folders such as nginx/)';
  const refused = forceRefused(check, names);
  if (check.force) {
    if (refused !== null) throw fail(`not ${what}, and ${refused}`);
    return 'forced';
  }
  const way =
    refused === null
      ? 'Choose a new or empty folder, or add --force to replace it (it is kept in a trash folder beside it until the next build)'
      : 'Choose a new or empty folder';
  throw fail(`not ${what}, it holds ${sample(dir, names)}; the build would replace it whole. ${way}`);
}

/**
 * Both folders a build replaces, checked the same way; `deployGiven` says whether the user
 * named the deploy folder (--deploy-dir) or it is the default beside the site.
 */
export function checkOutputFolders(
  out: string,
  deployDir: string,
  deployGiven: boolean,
  dumps: readonly string[],
  force: boolean,
  system?: HostSystem,
): { site: Replacement; deploy: Replacement } {
  const site = checkReplaceable({ flag: '--out', dir: out, role: 'site', dumps, force, ...(system ? { system } : {}) });
  const deploy = checkReplaceable({
    flag: deployGiven ? '--deploy-dir' : 'deploy folder',
    dir: deployDir,
    role: 'deploy',
    dumps,
    force,
    ...(system ? { system } : {}),
  });
  const [o, d] = [resolve(out), resolve(deployDir)];
  if (within(d, o) || within(o, d)) {
    throw new UserError(
      `--deploy-dir "${deployDir}": must be beside the site ${out}, not inside it or around it (configuration there would be served or replaced)`,
    );
  }
  return { site, deploy };
}
