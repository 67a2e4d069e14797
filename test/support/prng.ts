/** Mulberry32, the seeded PRNG `check --sample` draws with: generated cases (and kill times) replay from their seed. */
export { mulberry32 as prng } from '../../src/check/sample.js';
