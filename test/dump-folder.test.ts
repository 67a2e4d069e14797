/**
 * `jaspar-static fetch <year>` saves `releases/JASPAR<year>/JASPAR<year>.sql.gz`; building that
 * folder must build the file in it (issue 29), as `../shared/releases/JASPAR2018/` (a folder
 * holding one .sql.gz) shows with the real dump.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli } from './support/cli-run.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { tempDir } from './support/scratch.js';

const folder = sharedPath('releases', 'JASPAR2018');
const file = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');

describeWith('a release folder holding one SQL dump builds that dump', [folder, file], () => {
  it('fetch then build of the same folder: the build reads the file and says which', async () => {
    const out = join(await tempDir('dump-folder'), 'dist');
    const small = ['--formats', 'json', '--page-sizes', 'none', '--filters', 'none', '--orders', 'name'];
    const r = await cli(['build', folder.path, '--out', out, '--targets', 'nginx', ...small]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`JASPAR2018.sql.gz (the one dump file in ${folder.path}): JASPAR2018 (2018`);
    expect(r.stdout).toContain('2,404 matrices, 446 TFFMs');
  });
});
