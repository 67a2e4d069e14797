/**
 * The build replaces only folders that are its own (replace-guard.ts): each refused case ends
 * with its one-line error and leaves the user's files byte-identical, with nothing written
 * beside them; its own sites, empty folders and (with --force) other folders are replaced.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test/support/cli.js';
import { hashTree } from '../../test/support/files.js';
import { tempDir } from '../../test/support/scratch.js';
import { SAMPLE } from '../../test/support/site.js';
import { recordPathIn } from '../output/build-record.js';
import { manifestFile } from './manifest.js';

const BUILD = ['build', SAMPLE, '--formats', 'json', '--quiet'];
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

  it('a folder of someone else: refused before the dump is read, naming a few entries; --force replaces it', async () => {
    const dir = userFiles(join(root, 'mine'));
    writeFileSync(join(dir, 'z-more.txt'), 'more\n');
    // The dump does not exist: the refusal comes first, before any work.
    await refused(
      ['build', join(root, 'no-such-dump'), '--out', dir],
      dir,
      `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), it holds .DS_Store, notes.txt, raw/ and 1 more; the build would replace it whole. Choose a new or empty folder, or add --force to replace it`,
    );
    const r = await runMain([...BUILD, '--out', dir, '--force']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, manifestFile))).toBe(true);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(false);
  });

  it('an empty folder is built; a site of this tool is replaced, without --force', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect((await runMain([...BUILD, '--out', dir])).code).toBe(0);
    expect(existsSync(join(dir, manifestFile))).toBe(true);
    // Another build with other settings replaces the old site.
    const again = await runMain([...BUILD, '--out', dir, '--page-sizes', 'none']);
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
      `--out "${dir}": not a site built by jaspar-static (no ${manifestFile}), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder, or add --force to replace it`,
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
        `--out "${dir}": not a site built by jaspar-static (${finding}), it holds .DS_Store, ${manifestFile}, notes.txt and 1 more; the build would replace it whole. Choose a new or empty folder, or add --force to replace it`,
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
      `deploy folder "${out}.deploy": not a deploy folder of jaspar-static (only host folders such as nginx/), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder, or add --force to replace it`,
    );
    const given = userFiles(join(dir, 'conf'));
    await refused(
      [...BUILD, '--out', out, '--deploy-dir', given],
      given,
      `--deploy-dir "${given}": not a deploy folder of jaspar-static (only host folders such as nginx/), it holds .DS_Store, notes.txt, raw/; the build would replace it whole. Choose a new or empty folder, or add --force to replace it`,
    );
    // Its own deploy folder is replaced by the next build; --force replaces the user's.
    expect((await runMain([...BUILD, '--out', join(dir, 'other')])).code).toBe(0);
    expect((await runMain([...BUILD, '--out', join(dir, 'other'), '--page-sizes', 'none'])).code).toBe(0);
    expect((await runMain([...BUILD, '--out', out, '--deploy-dir', given, '--force'])).code).toBe(0);
    expect(readdirSync(given)).toContain('nginx');
    expect(existsSync(join(given, 'notes.txt'))).toBe(false);
  });
});
