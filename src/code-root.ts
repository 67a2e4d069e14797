/**
 * The folder of the generator's code: `src/` when it runs from its sources (vitest), `lib/src/`
 * compiled, where the CLI's bundle is too (`lib/src/bundled-cli.js`, tools/bundle-cli.mjs). A
 * file beside the code (a host's entry, the site's script, the package.json above) is found from
 * here: in the bundle every module's `import.meta.url` is the bundle's.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_ROOT = dirname(fileURLToPath(import.meta.url));
