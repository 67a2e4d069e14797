/**
 * The order Biopython's `pssm.search` yields hits in: it appends the − strand's positions to the
 * + strand's and orders both with `np.argsort`, whose default kind is numpy's introsort, which
 * is not stable. Where a + and a − hit share a position, which comes first depends on how the
 * sort partitioned the array, so this is that sort: numpy 1.24's `aquicksort` for integers
 * (median-of-three quicksort down to runs of 16, insertion sort below, heapsort past twice
 * log2(n) levels), written again here. Debian's python3-numpy (1.24) uses it on every machine;
 * numpy 1.25 sorts on AVX-512 hardware with another algorithm, whose ties may fall otherwise
 * (contract §11 allows either order).
 */

const SMALL_QUICKSORT = 15;

/** Index of the highest set bit (numpy's `npy_get_msb`). */
function msb(n: number): number {
  let depth = 0;
  for (let u = n >>> 1; u > 0; u >>>= 1) depth++;
  return depth;
}

/** numpy's `aheapsort` on `order[lo … lo + n)`. */
function heapsort(keys: ArrayLike<number>, order: Int32Array, lo: number, n: number): void {
  // One-based indexing, as in numpy: a[i] is order[base + i].
  const base = lo - 1;
  const sift = (start: number, tmp: number, size: number): void => {
    let i = start;
    for (let j = start * 2; j <= size; ) {
      if (j < size && keys[order[base + j]!]! < keys[order[base + j + 1]!]!) j++;
      if (keys[tmp]! < keys[order[base + j]!]!) {
        order[base + i] = order[base + j]!;
        i = j;
        j += j;
      } else break;
    }
    order[base + i] = tmp;
  };
  for (let l = n >> 1; l > 0; l--) sift(l, order[base + l]!, n);
  for (let size = n; size > 1; ) {
    const tmp = order[base + size]!;
    order[base + size] = order[base + 1]!;
    size--;
    sift(1, tmp, size);
  }
}

/** `np.argsort(keys)` (kind 'quicksort'): the indices of `keys` in numpy's order. */
export function argsort(keys: ArrayLike<number>): Int32Array {
  const num = keys.length;
  const order = new Int32Array(num);
  for (let i = 0; i < num; i++) order[i] = i;
  const less = (a: number, b: number): boolean => keys[a]! < keys[b]!;
  const swap = (i: number, j: number): void => {
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  };
  const stack: number[] = [];
  const depths: number[] = [];
  let pl = 0;
  let pr = num - 1;
  let cdepth = msb(num) * 2;
  for (;;) {
    if (cdepth < 0) heapsort(keys, order, pl, pr - pl + 1);
    else {
      while (pr - pl > SMALL_QUICKSORT) {
        const pm = pl + ((pr - pl) >> 1);
        if (less(order[pm]!, order[pl]!)) swap(pm, pl);
        if (less(order[pr]!, order[pm]!)) swap(pr, pm);
        if (less(order[pm]!, order[pl]!)) swap(pm, pl);
        const vp = keys[order[pm]!]!;
        let pi = pl;
        let pj = pr - 1;
        swap(pm, pj);
        for (;;) {
          do pi++;
          while (keys[order[pi]!]! < vp);
          do pj--;
          while (vp < keys[order[pj]!]!);
          if (pi >= pj) break;
          swap(pi, pj);
        }
        swap(pi, pr - 1);
        // The larger part waits on the stack.
        if (pi - pl < pr - pi) {
          stack.push(pi + 1, pr);
          pr = pi - 1;
        } else {
          stack.push(pl, pi - 1);
          pl = pi + 1;
        }
        depths.push(--cdepth);
      }
      for (let pi = pl + 1; pi <= pr; pi++) {
        const vi = order[pi]!;
        const v = keys[vi]!;
        let pj = pi;
        while (pj > pl && v < keys[order[pj - 1]!]!) {
          order[pj] = order[pj - 1]!;
          pj--;
        }
        order[pj] = vi;
      }
    }
    if (stack.length === 0) break;
    pr = stack.pop()!;
    pl = stack.pop()!;
    cdepth = depths.pop()!;
  }
  return order;
}
