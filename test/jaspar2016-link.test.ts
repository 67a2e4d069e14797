/**
 * Operators keep releases behind links (`current -> JASPAR2016/`): the real JASPAR2016 folder
 * through a symbolic link builds the site its real path builds, byte for byte (JSON, to keep it
 * cheap), as release JASPAR2016; and the real path, built into the link's site, is a no-op
 * (one fingerprint: incremental builds behave the same either way).
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { build } from '../src/site/build.js';
import { treeDigest } from './support/files.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';
import { BASE } from './support/site.js';

const release = sharedPath('releases', 'JASPAR2016');
const options = {
  baseUrl: BASE,
  formats: ['json' as const],
  targets: [...HOST_TARGETS],
  pageSizes: [],
  orderFields: [],
  filterKeys: [],
};

describeWith('JASPAR2016 through a symbolic link', [release], () => {
  it('builds the same site as its real path, and rebuilding from the real path is a no-op', async () => {
    const root = await tempDir('jaspar2016-link');
    try {
      await symlink(release.path, join(root, 'current'));
      const [viaLink, viaReal] = [join(root, 'link', 'dist'), join(root, 'real', 'dist')];
      const linked = await build({ dump: join(root, 'current'), out: viaLink, ...options });
      expect(linked).toMatchObject({ release: 'JASPAR2016', year: 2016, rebuilt: true });
      expect(linked.matrices).toBe(2049);
      await build({ dump: `${release.path}/`, out: viaReal, ...options });
      expect(await treeDigest(viaLink)).toBe(await treeDigest(viaReal));
      expect((await build({ dump: release.path, out: viaLink, ...options })).rebuilt).toBe(false);
    } finally {
      await removeTree(root);
    }
  });
});
