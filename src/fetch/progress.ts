/**
 * Download progress: a bar redrawn in place on a terminal, plain lines (every 10%, or every
 * 10 MB when the size is unknown) otherwise, so logs stay readable.
 */

/** Receives progress as bytes arrive. */
export interface Progress {
  update(received: number, total: number | null): void;
  /** The download ended (successfully or not): finish the line. */
  done(): void;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** `[########------------] 40% 2.2/5.5 MB`: a bar of `width` cells; a byte count when the total is unknown. */
export function progressBar(received: number, total: number | null, width = 30): string {
  if (total === null || total <= 0) return `${mb(received)}`;
  const fraction = Math.min(1, received / total);
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}% ${(received / 1e6).toFixed(1)}/${mb(total)}`;
}

/** Write progress to `out`: in place when it is a terminal, as plain lines otherwise. */
export function progressTo(out: { write(s: string): unknown; isTTY?: boolean }, label: string): Progress {
  let lastStep = -1;
  let drawn = false;
  return {
    update(received, total) {
      if (out.isTTY) {
        out.write(`\r${label} ${progressBar(received, total)}`);
        drawn = true;
        return;
      }
      const step = total ? Math.floor((received / total) * 10) : Math.floor(received / 10e6);
      if (step === lastStep) return;
      lastStep = step;
      out.write(`${label} ${total ? `${step * 10}% (${mb(received)} of ${mb(total)})` : mb(received)}\n`);
    },
    done() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
