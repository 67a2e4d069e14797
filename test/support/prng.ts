/** Mulberry32, the seeded PRNG `check --sample` and Permute draw with: generated cases (and kill times) replay from their seed. */
export { mulberry32 as prng } from '../../src/analysis/random.js';
