// Progress on stderr for long runs: silent for the first second; then one line rewritten in place
// on a terminal, or a plain line at most every 5 seconds when stderr is a file or a pipe.

export class Progress {
  private readonly started = performance.now();
  private lastPrinted = 0;
  private shown = false;
  private readonly tty = process.stderr.isTTY === true;

  update(message: string): void {
    const now = performance.now();
    if (now - this.started < 1000) return;
    if (this.tty) {
      if (now - this.lastPrinted < 100) return;
      process.stderr.write(`\r\x1b[K${message}`);
      this.shown = true;
    } else {
      if (this.lastPrinted !== 0 && now - this.lastPrinted < 5000) return;
      process.stderr.write(`${message}\n`);
    }
    this.lastPrinted = now;
  }

  /** Clears the in-place line before normal output. */
  done(): void {
    if (this.tty && this.shown) process.stderr.write("\r\x1b[K");
    this.shown = false;
  }
}

export function formatBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(0)} kB`;
  return `${n} B`;
}
