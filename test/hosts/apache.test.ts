/**
 * Apache (`--targets apache`, the rules tier): a real Debian apache2 with the emitted include,
 * judged on the client-shaped requests against the dev server (it reads Accept, so it
 * negotiates and answers 406 as the dev server does).
 */
import { apacheRequirements, startApache } from '../conformance/hosts/apache.js';
import { send } from './support/client.js';
import { rulesHostSuite } from './support/rules-suite.js';
import { PROFILE_REQUESTS } from '../../src/check/requests.js';

rulesHostSuite({
  title: 'Apache (the emitted include) answers as the dev server or refuses',
  requirements: apacheRequirements(),
  target: 'apache',
  // About 135 of the table: its invalid pages say they may be spelt otherwise (an error, not the same body).
  minSame: 120,
  extraRequests: () => [...PROFILE_REQUESTS],
  start: async (built) => {
    const apache = await startApache(built.site, built.deploy);
    return { send: (req) => send(apache.port, req), close: () => apache.close(), log: () => apache.log() };
  },
});
