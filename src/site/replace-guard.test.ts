/**
 * The build replaces only folders that are its own (replace-guard.ts): each refused case ends
 * with its one-line error and leaves the user's files byte-identical, with nothing written
 * beside them; its own sites and empty folders are replaced, and with --force a site of another
 * version or tool, kept in a trash folder until the next build. System folders, mount points and
 * folders of other files are refused even with --force: tried under a fake root, never the real one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test/support/cli.js';
import { hashTree } from '../../test/support/files.js';
import { tempDir } from '../../test/support/scratch.js';
import { SAMPLE } from '../../test/support/site.js';
import { HOST_TARGETS } from '../targets/registry.js';
import { recordPathIn } from '../output/build-record.js';
import { build } from './build.js';
import { manifestFile } from './manifest.js';
import { siteWrites } from './site-names.js';
import type { HostSystem } from './system.js';

/**
 * A small build (JSON, no page-size, order or filter variants: about 900 files where the
 * default writes about 11,000): what these tests look at is which folders a build replaces,
 * and a site's top-level names are the same either way.
 */
const SMALL = ['--formats', 'json', '--page-sizes', 'none', '--orders', 'none', '--filters', 'none'];
const BUILD = ['build', SAMPLE, ...SMALL, '--quiet'];
const NEVER = 'the build replaces its folder whole, so it never builds there, even with --force';
const ERROR = 'jaspar-static: error: ';

/** A folder of the user's: a file, a hidden file and a folder with a file in it. */
function userFiles(dir: string): string {
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'notes.txt'), 'my notes\n');
  writeFileSync(join(dir, '.DS_Store'), new Uint8Array([0, 1, 2, 255]));
  writeFileSync(join(dir, 'raw', 'data.bin'), 'raw bytes\n');
  return dir;
}

let root: string;
const restore = { cwd: process.cwd(), home: process.env.HOME };
beforeAll(async () => {
  root = await tempDir('replace-guard');
});
afterEach(() => {
  process.chdir(restore.cwd);
  process.env.HOME = restore.home;
});

/** Run the build, expecting `error`; the tree around `dir` (its parent) must be byte-identical afterwards. */
async function refused(args: readonly string[], dir: string, error: string): Promise<void> {
  const around = join(dir, '..');
  const before = await hashTree(around);
  const names = readdirSync(around).sort();
  const r = await runMain(args);
  expect(r.stderr).toBe(`${ERROR}${error}\n`);
  expect(r.code).toBe(1);
  expect(await hashTree(around)).toEqual(before);
  // No lock, staging folder or deploy folder left beside it either.
  expect(readdirSync(around).sort()).toEqual(names);
}

describe('which folders a build replaces', () => {
  it('--out . in a folder holding my files: refused, even with --force, files intact', async () => {
    const dir = userFiles(join(await tempDir('cwd'), 'here'));
    process.chdir(dir);
    for (const force of [[], ['--force']]) {
      await refused(
        [...BUILD, '--out', '.', ...force],
        dir,
        `--out ".": it is the current folder or holds it (build into a folder of its own, e.g. --out dist); ${NEVER}`,
      );
    }
    // An ancestor of the current folder, named by its absolute path.
    mkdirSync(join(dir, 'raw', 'deeper'));
    process.chdir(join(dir, 'raw', 'deeper'));
    await refused(
      [...BUILD, '--out', dir, '--force'],
      dir,
      `--out "${dir}": it is the current folder or holds it (build into a folder of its own, e.g. --out dist); ${NEVER}`,
    );
  });

  it('a folder of someone else: refused before the dump is read, naming a few entries; --force refuses it too', async () => {
    const dir = userFiles(join(root, 'mine'));
    writeFileSync(join(dir, 'z-more.txt'), 'more\n');
    // The dump does not exist: the refusal comes first, before any work.
    await refused(
      ['build', join(root, 'no-such-dump'), '--out', dir],
      dir,
      `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), it holds .DS_Store, notes.txt, raw/ and 1 more; the build would replace it whole. Choose a new or empty folder`,
    );
    await refused(
      [...BUILD, '--out', dir, '--force'],
      dir,
      `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), and it holds .DS_Store, which a build never writes there; --force replaces only a site (of another version or tool), never a folder of other files. Choose a new or empty folder, or move .DS_Store out first`,
    );
  });

  it('--force replaces a site of another version, keeping it in a trash folder until the next build', async () => {
    const parent = join(root, 'older');
    const dir = join(parent, 'site');
    mkdirSync(join(dir, 'api', 'v1'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<p>an older mirror</p>\n');
    writeFileSync(join(dir, 'api', 'v1', 'index.json'), '{}\n');
    writeFileSync(join(dir, manifestFile), '{"generator": "jaspar-static-0.0.1"}\n');
    const before = await hashTree(dir);
    await refused(
      [...BUILD, '--out', dir],
      dir,
      `--out "${dir}": not a site built by jaspar-static (its ${manifestFile} was written by "jaspar-static-0.0.1", not jaspar-static), it holds api/, index.html, ${manifestFile}; the build would replace it whole. Choose a new or empty folder, or add --force to replace it (it is kept in a trash folder beside it until the next build)`,
    );
    const r = await runMain(['build', SAMPLE, ...SMALL, '--out', dir, '--force']);
    expect(r.code).toBe(0);
    const trash = readdirSync(parent).filter((n) => n.startsWith('.site.trash-'));
    expect(trash).toHaveLength(1);
    expect(r.stderr).toContain(
      `replaced ${dir} (--force): what it held is kept in ${join(parent, trash[0]!)} until the next build`,
    );
    expect(await hashTree(join(parent, trash[0]!))).toEqual(before);
    // The next build (the site is its own now, no --force) empties the trash once its swap succeeded.
    const again = await runMain([...BUILD, '--out', dir, '--page-sizes', '1000']);
    expect(again.code).toBe(0);
    expect(readdirSync(parent).filter((n) => n.includes('trash'))).toEqual([]);
  });

  it('an empty folder is built; a site of this tool is replaced, without --force', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect((await runMain([...BUILD, '--out', dir])).code).toBe(0);
    expect(existsSync(join(dir, manifestFile))).toBe(true);
    // Another build with other settings replaces the old site.
    const again = await runMain([...BUILD, '--out', dir, '--page-sizes', '1000']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  });

  it('a folder of mine made where a deleted site was: refused, though the old build record is still in its deploy folder', async () => {
    const dir = join(root, 'reused');
    expect((await runMain([...BUILD, '--out', dir])).code).toBe(0);
    expect(existsSync(recordPathIn(`${dir}.deploy`))).toBe(true);
    // Nothing of the build is left beside the site but its deploy folder.
    expect(readdirSync(root).filter((n) => n.startsWith('.reused') || n.startsWith('reused'))).toEqual([
      'reused',
      'reused.deploy',
    ]);
    rmSync(dir, { recursive: true });
    userFiles(dir);
    await refused(
      [...BUILD, '--out', dir],
      dir,
      `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder`,
    );
  });

  it("a site whose manifest was edited or is another tool's: the refusal says what it found", async () => {
    const cases: [string, string, string][] = [
      ['broken', '{"generator": "jaspar-static", ', `its ${manifestFile} is not JSON: edited by hand?`],
      ['nameless', '{"release": "mine"}\n', `its ${manifestFile} names no generator: edited by hand?`],
      ['foreign', '{"generator": "hugo"}\n', `its ${manifestFile} was written by "hugo", not jaspar-static`],
    ];
    for (const [name, manifest, finding] of cases) {
      const dir = userFiles(join(root, `manifest-${name}`));
      writeFileSync(join(dir, manifestFile), manifest);
      await refused(
        [...BUILD, '--out', dir],
        dir,
        `--out "${dir}": not a site built by jaspar-static (${finding}), it holds .DS_Store, ${manifestFile}, notes.txt and 1 more; the build would replace it whole. Choose a new or empty folder`,
      );
    }
  });

  it('/ is refused at once, with or without --force', async () => {
    for (const force of [[], ['--force']]) {
      const r = await runMain([...BUILD, '--out', '/', ...force]);
      expect(r.stderr).toBe(`${ERROR}--out "/": it is the root of the file system; ${NEVER}\n`);
    }
  });

  it("the home folder, a folder holding .git and the dump's folder are never replaced", async () => {
    const home = userFiles(join(root, 'home'));
    process.env.HOME = home;
    await refused(
      [...BUILD, '--out', home, '--force'],
      home,
      `--out "${home}": it is your home folder or holds it; ${NEVER}`,
    );
    // A folder holding the home folder (`/home`, `/Users`) neither.
    const homes = join(root, 'home', '..');
    process.env.HOME = join(home, 'me');
    mkdirSync(process.env.HOME);
    const r0 = await runMain([...BUILD, '--out', homes, '--force']);
    expect(r0.stderr).toBe(`${ERROR}--out "${homes}": it is your home folder or holds it; ${NEVER}\n`);
    process.env.HOME = home;
    const repo = userFiles(join(root, 'repo'));
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    // Even when it looks like a site of ours (a site published from its own repository).
    writeFileSync(join(repo, manifestFile), '{"generator": "jaspar-static"}\n');
    await refused(
      [...BUILD, '--out', repo, '--force'],
      repo,
      `--out "${repo}": it holds .git (a repository); ${NEVER}`,
    );
    const parent = join(SAMPLE, '..');
    const r = await runMain([...BUILD, '--out', parent, '--force']);
    expect(r.stderr).toBe(`${ERROR}--out "${parent}": the dump ${SAMPLE} is inside it; ${NEVER}\n`);
  });

  it('a file named as --out is refused, not replaced', async () => {
    const dir = userFiles(join(root, 'file-out'));
    const file = join(dir, 'notes.txt');
    await refused(
      [...BUILD, '--out', file, '--force'],
      dir,
      `--out "${file}": it is a file, not a folder; the site is written as a folder there, so choose another path`,
    );
  });

  it('the deploy folder follows the same rule, default or --deploy-dir', async () => {
    const dir = join(root, 'deploy');
    const out = join(dir, 'site');
    userFiles(`${out}.deploy`);
    await refused(
      [...BUILD, '--out', out],
      `${out}.deploy`,
      `deploy folder "${out}.deploy": not a deploy folder of jaspar-static (only host folders such as nginx/), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder`,
    );
    const given = userFiles(join(dir, 'conf'));
    await refused(
      [...BUILD, '--out', out, '--deploy-dir', given],
      given,
      `--deploy-dir "${given}": not a deploy folder of jaspar-static (only host folders such as nginx/), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder`,
    );
    // Its own deploy folder is replaced by the next build; --force does not replace the user's.
    expect((await runMain([...BUILD, '--out', join(dir, 'other')])).code).toBe(0);
    expect((await runMain([...BUILD, '--out', join(dir, 'other'), '--page-sizes', '1000'])).code).toBe(0);
    await refused(
      [...BUILD, '--out', out, '--deploy-dir', given, '--force'],
      given,
      `--deploy-dir "${given}": not a deploy folder of jaspar-static (only host folders such as nginx/), and it holds .DS_Store, which a build never writes there; --force replaces only a deploy folder (of another version or tool), never a folder of other files. Choose a new or empty folder, or move .DS_Store out first`,
    );
  });

  it('every name a build writes at the top of a site is one --force may replace', async () => {
    const dir = join(root, 'names');
    const targets = HOST_TARGETS.join(',');
    expect((await runMain([...BUILD, '--out', dir, '--targets', targets])).code).toBe(0);
    const names = readdirSync(dir);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !siteWrites(n))).toEqual([]);
    expect(siteWrites('notes.txt')).toBe(false);
  });
});

describe('--force under a fake root (a temporary folder standing in for /)', () => {
  /** A fake `/` with a system folder, a web root, a mount point and a user's project in it. */
  async function fakeMachine(): Promise<{
    fake: string;
    system: HostSystem;
    dirs: Record<'etc' | 'usrShare' | 'opt' | 'varLib' | 'mount' | 'project' | 'webRoot', string>;
  }> {
    const fake = await tempDir('fake-root');
    const dirs = {
      etc: join(fake, 'etc'),
      usrShare: join(fake, 'usr', 'local', 'share', 'jaspar'),
      opt: join(fake, 'opt', 'mirror'),
      varLib: join(fake, 'var', 'lib', 'mirror'),
      mount: join(fake, 'mnt', 'data'),
      project: join(fake, 'home', 'me', 'project'),
      webRoot: join(fake, 'var', 'www', 'html'),
    };
    mkdirSync(dirs.etc, { recursive: true });
    writeFileSync(join(dirs.etc, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
    mkdirSync(join(dirs.etc, 'nginx'));
    writeFileSync(join(dirs.etc, 'nginx', 'nginx.conf'), 'events {}\n');
    // Folders that look like sites (only names a build writes): refused for where they are.
    for (const d of [dirs.usrShare, dirs.opt, dirs.varLib, dirs.mount, dirs.webRoot]) {
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'index.html'), `<p>${d}</p>\n`);
    }
    mkdirSync(join(dirs.project, 'src'), { recursive: true });
    writeFileSync(join(dirs.project, 'package.json'), '{"name": "mine"}\n');
    writeFileSync(join(dirs.project, 'src', 'index.ts'), 'export {};\n');
    writeFileSync(join(dirs.project, 'index.html'), '<p>mine</p>\n');
    const system: HostSystem = { root: fake, mountPoints: () => new Set([dirs.mount]) };
    return { fake, system, dirs };
  }

  const forced = (out: string, system: HostSystem) =>
    build({
      dump: SAMPLE,
      out,
      baseUrl: 'http://127.0.0.1:8080',
      formats: ['json'],
      pageSizes: [],
      orderFields: [],
      filterKeys: [],
      targets: ['nginx'],
      force: true,
      system,
    });

  it('a system folder, a mount point and a project folder are refused with one line, nothing deleted', async () => {
    const { fake, system, dirs } = await fakeMachine();
    const before = await hashTree(fake);
    const cases: [string, string][] = [
      [dirs.etc, 'it is in /etc, a system folder; the build never replaces one, even with --force'],
      [dirs.usrShare, 'it is in /usr, a system folder; the build never replaces one, even with --force'],
      [dirs.opt, 'it is in /opt, a system folder; the build never replaces one, even with --force'],
      [dirs.varLib, 'it is in /var, a system folder; the build never replaces one, even with --force'],
      [
        dirs.mount,
        `it is a mount point (${dirs.mount}); the build never replaces one, even with --force: build into a folder inside it`,
      ],
      [
        dirs.project,
        'it holds package.json, which a build never writes there; --force replaces only a site (of another version or tool), never a folder of other files. Choose a new or empty folder, or move package.json out first',
      ],
    ];
    for (const [dir, why] of cases) {
      await expect(forced(dir, system)).rejects.toThrow(
        `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), and ${why}`,
      );
    }
    expect(await hashTree(fake)).toEqual(before);
    expect(readFileSync(join(dirs.etc, 'passwd'), 'utf8')).toContain('root:x:0:0');
  });

  it("a web root holding only a site's names is replaced, and kept in the trash until the next build", async () => {
    const { system, dirs } = await fakeMachine();
    const before = await hashTree(dirs.webRoot);
    await forced(dirs.webRoot, system);
    expect(existsSync(join(dirs.webRoot, manifestFile))).toBe(true);
    const parent = join(dirs.webRoot, '..');
    const trash = readdirSync(parent).filter((n) => n.startsWith('.html.trash-'));
    expect(trash).toHaveLength(1);
    expect(await hashTree(join(parent, trash[0]!))).toEqual(before);
  });
});
