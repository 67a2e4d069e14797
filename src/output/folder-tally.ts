/**
 * The folder of a written tree holding the most files directly, without a count per folder (a
 * site has nearly a folder per file, millions over many releases, issue 46) and without a walk
 * of the tree once it is written. The disk sink tells the tally every path it writes; the tally
 * keeps {@link KEPT} counters by Misra and Gries' frequent-items summary (weighted by runs of
 * files in the same folder), which holds every folder with more than a 1/({@link KEPT} + 1) share
 * of the files. Those candidates are then counted exactly by reading their folders; only when
 * none of them holds more than that share (a tree of many small folders) is the tree walked.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type LargestFolder, largestFolderIn } from './tree-stamp.js';

/** Counters kept: any folder holding more than total / (KEPT + 1) files is among them. */
const KEPT = 64;

/** The folder of a path (`''` at the root). */
const folderOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

export class FolderTally {
  private readonly counts = new Map<string, number>();
  /** The folder of the last files, and how many came in a row (counted into the summary once the run ends). */
  private run = '';
  private runFiles = 0;
  /** Every path told. */
  total = 0;

  add(path: string): void {
    this.total++;
    const folder = folderOf(path);
    if (folder === this.run && this.runFiles > 0) {
      this.runFiles++;
      return;
    }
    this.count();
    this.run = folder;
    this.runFiles = 1;
  }

  /** The run so far into the summary: a counter of its own, or every counter (and it) lowered by the least. */
  private count(): void {
    let weight = this.runFiles;
    this.runFiles = 0;
    if (weight === 0) return;
    const known = this.counts.get(this.run);
    if (known !== undefined) {
      this.counts.set(this.run, known + weight);
      return;
    }
    if (this.counts.size >= KEPT) {
      let least = weight;
      for (const n of this.counts.values()) if (n < least) least = n;
      for (const [folder, n] of this.counts)
        if (n === least) this.counts.delete(folder);
        else this.counts.set(folder, n - least);
      weight -= least;
    }
    if (weight > 0) this.counts.set(this.run, weight);
  }

  /** Folders that may hold the most files; any holding more than {@link bound} files is one of them. */
  candidates(): string[] {
    this.count();
    return [...this.counts.keys()].sort();
  }

  /** The share of files above which a folder is sure to be a candidate. */
  get bound(): number {
    return this.total / (KEPT + 1);
  }

  /** The largest folder of the tree at `root` the paths were written into: the candidates counted, or a walk. */
  async largest(root: string, signal?: AbortSignal): Promise<LargestFolder> {
    let best: LargestFolder = { path: '', files: 0 };
    for (const path of this.candidates()) {
      const files = readdirSync(join(root, path), { withFileTypes: true }).filter((e) => !e.isDirectory()).length;
      if (files > best.files) best = { path, files };
    }
    return best.files > this.bound ? best : largestFolderIn(root, signal);
  }
}
