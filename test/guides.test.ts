/**
 * The host guides (docs/guides/<host>.md, issue 26 item 5) as documents: the same sections in
 * each, shell commands only the runner knows, the last one `npx jaspar-static check <url>`, and
 * docs/guides/README.md listing what the runs substitute. Each guide's commands run in a file of
 * its own in test/guides/ (test/support/guide-runs.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideCommands, guideSections, programs, unknownPrograms } from './support/guide-commands.js';
import { readGuide as read, RUNS } from './support/guide-runs.js';
import {
  AS_WRITTEN,
  AWS_STAND_IN,
  apacheStandIns,
  commonSubstitutions,
  makeSandbox,
  nginxStandIns,
  wranglerStandIn,
  netlifyStandIn,
  systemctlStandIn,
} from './support/guide-sandbox.js';
import { PROJECT_ROOT } from './support/requirements.js';
import { tempDir } from './support/scratch.js';

const SECTIONS = ['Install', 'Build', 'Deploy', 'Verify', 'Next release', 'Roll back'];

describe('the host guides', () => {
  it('each has the same sections, shell commands, and ends with `npx jaspar-static check <url>`', () => {
    for (const { guide } of RUNS) {
      const text = read(guide);
      expect(guideSections(text), guide).toEqual(SECTIONS);
      const commands = guideCommands(text);
      expect(commands.length, guide).toBeGreaterThan(5);
      expect(commands.at(-1)!.text, guide).toMatch(/^npx jaspar-static check \S+/);
      expect(commands.at(-1)!.section, guide).toBe('Roll back');
      // The tarball `npm pack` writes for this version.
      const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
      expect(
        commands.filter((c) => c.text.startsWith('npm install ')).map((c) => c.text),
        guide,
      ).toEqual([`npm install ~/jaspar-static-${version}.tgz`]);
      for (const section of ['Verify', 'Next release'])
        expect(commands.filter((c) => c.section === section).at(-1)?.text ?? '', `${guide}: ${section}`).toMatch(
          /^npx jaspar-static check /,
        );
    }
  });

  it('docs/guides/README.md lists every guide and every substitution and stand-in the test makes', async () => {
    const readme = read('README.md').replace(/\s+/g, ' ');
    const s = await makeSandbox(await tempDir('guide-list'));
    const made = [
      ...commonSubstitutions(s, '/x', () => 'http://127.0.0.1:1').map((x) => x.what),
      ...[...nginxStandIns(s, 1), ...apacheStandIns(s, 1), systemctlStandIn(s, 1)].map((t) => t.what),
      AWS_STAND_IN,
      wranglerStandIn(s, '/x').what,
      netlifyStandIn(s, '/x').what,
    ];
    for (const what of new Set(made)) expect(readme, what).toContain(what.replace(/\s+/g, ' '));
    for (const { guide } of RUNS) expect(readme).toContain(`(${guide})`);
  });

  it('refuses a guide with a command it does not know how to run (no silent skipping)', () => {
    const made = [
      '## Deploy',
      '```sh',
      'sudo frobnicate --now',
      'npx wrangler deploy',
      'cp a b && mystery | head',
      '```',
    ];
    const commands = guideCommands(made.join('\n')).map((c) => c.text.replace(/^sudo /, ''));
    expect(commands.flatMap(programs)).toEqual(['frobnicate', 'npx wrangler', 'cp', 'mystery', 'head']);
    expect(unknownPrograms(commands, (p) => AS_WRITTEN.has(p))).toEqual(['frobnicate', 'npx wrangler', 'mystery']);
  });
});

it('every guide run is a test file of its own in test/guides/', () => {
  for (const { guide } of RUNS)
    expect(readFileSync(join(PROJECT_ROOT, 'test/guides', guide.replace(/\.md$/, '.test.ts')), 'utf8')).toContain(
      `guideRunSuite('${guide}')`,
    );
});
