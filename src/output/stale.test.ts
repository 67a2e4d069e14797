import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/scratch.js';
import { removeStale } from './stale.js';

async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((r) => child.once('exit', r));
  return child.pid as number;
}

describe('what killed builds leave beside a site', () => {
  it("an earlier version's build record beside the site, and a half-written one of a dead build, are removed and said; a live build's and another site's are kept", async () => {
    const root = await tempDir('stale');
    const out = join(root, 'dist');
    mkdirSync(out);
    const dead = await deadPid();
    writeFileSync(join(root, '.dist.build.json'), '{}\n');
    writeFileSync(join(root, `.dist.build.json.${dead}.tmp`), '{"fingerp');
    writeFileSync(join(root, `.dist.build.json.${process.pid}.tmp`), '{}\n');
    // Another site's record in the same folder is not this one's to remove.
    writeFileSync(join(root, `.other.build.json.${dead}.tmp`), '{}\n');
    const log: string[] = [];
    await removeStale(out, (l) => log.push(l));
    expect(log).toEqual([
      `removed ${join(root, '.dist.build.json')}, the build record an earlier version kept beside the site (now in its deploy folder)`,
      `removed ${join(root, `.dist.build.json.${dead}.tmp`)}, left by a build that was stopped (pid ${dead})`,
    ]);
    expect(readdirSync(root).sort()).toEqual(
      [`.dist.build.json.${process.pid}.tmp`, `.other.build.json.${dead}.tmp`, 'dist'].sort(),
    );
  });
});
