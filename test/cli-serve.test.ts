/**
 * `jaspar-static serve` when it cannot listen (issue 29): one line naming the port or address
 * and the option that changes it, exit 1, never an internal error or a stack trace.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenError } from '../src/cli/serve-command.js';
import { UserError } from '../src/errors.js';
import { cli } from './support/cli-run.js';
import { SAMPLE, sharedSite } from './support/site.js';

describe('serve when it cannot listen', () => {
  it('a busy port: one line naming the port and --port, exit 1', async () => {
    const site = await sharedSite(SAMPLE, { formats: ['json'], targets: [] });
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const r = await cli(['serve', site.dir, '--port', String(port), '--host', '127.0.0.1']);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `jaspar-static: error: port ${port} is already in use on 127.0.0.1; stop what serves it, or choose another with --port\n`,
      );
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });

  it('an address that is not this machine’s: one line naming it and --host, exit 1', async () => {
    const site = await sharedSite(SAMPLE, { formats: ['json'], targets: [] });
    // TEST-NET-3 (RFC 5737): never an address of this machine.
    const r = await cli(['serve', site.dir, '--port', '0', '--host', '203.0.113.7']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'jaspar-static: error: 203.0.113.7 is not an address of this machine; choose another with --host\n',
    );
  });

  it('every listen error is a user error with the option to change', () => {
    const flags = { port: 80, host: '0.0.0.0' };
    const error = (code: string) => Object.assign(new Error(`listen ${code}`), { code });
    expect(listenError(error('EACCES'), flags).message).toBe(
      'no permission to listen on 0.0.0.0:80 (ports below 1024 need privileges); choose another with --port',
    );
    expect(listenError(error('ENOTFOUND'), flags).message).toMatch(/--host$/);
    const other = listenError(error('EMFILE'), flags);
    expect(other).toBeInstanceOf(UserError);
    expect(other.message).toBe('cannot listen on 0.0.0.0:80 (EMFILE: listen EMFILE); check --host and --port');
  });
});
