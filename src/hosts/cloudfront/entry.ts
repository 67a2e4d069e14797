/**
 * The bundle entry of the CloudFront function: the handler factory on the global object, with
 * no module exports (esbuild's export helpers would cost the function 400 of its 10,240 bytes).
 * The adapter's footer calls it with the site's table. Runtime-safe subset.
 */
import { cloudfrontHandler } from './function.js';

(globalThis as unknown as { jasparCloudfront: typeof cloudfrontHandler }).jasparCloudfront = cloudfrontHandler;
