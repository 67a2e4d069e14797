/** docs/guides/netlify.md run as an operator runs it, against its engine (test/support/guide-runs.ts). */
import { guideRunSuite } from '../support/guide-runs.js';

guideRunSuite('netlify.md');
