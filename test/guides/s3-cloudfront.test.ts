/** docs/guides/s3-cloudfront.md run as an operator runs it, against its engine (test/support/guide-runs.ts). */
import { guideRunSuite } from '../support/guide-runs.js';

guideRunSuite('s3-cloudfront.md');
