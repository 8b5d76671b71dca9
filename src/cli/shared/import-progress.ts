// The progress bar of an import: one line on stderr, redrawn in place, and only on a terminal, so a
// log file or a pipe gets no carriage returns and no noise.
import type { IOStreams } from '../context.js';

const WIDTH = 24;

export class Progress {
  private done = 0;
  private readonly shown: boolean;

  constructor(private readonly stderr: IOStreams['stderr'], private readonly total: number) {
    this.shown = Boolean(stderr.isTTY) && total > 0;
  }

  /** `rows` more have been sent (of `label`'s table). */
  advance(rows: number, label: string): void {
    this.done += rows;
    if (!this.shown) return;
    const filled = Math.round((this.done / this.total) * WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
    this.stderr.write(`\r\x1b[2K[${bar}] ${this.done}/${this.total} ${label}`);
  }

  /** Clears the line before anything else is written to stderr. */
  clear(): void {
    if (this.shown) this.stderr.write('\r\x1b[2K');
  }
}
