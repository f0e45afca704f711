/** Progress a job reports: a fraction of the work, and what it is doing (translated). */
export interface RunProgress {
  fraction: number;
  message: string;
}

/**
 * A running job's hold on its row (docs/ARCHITECTURE.md, "A calculation run, end to end"): a
 * heartbeat every `everyMs` renews the row's lease and writes the latest progress; a stop request
 * (or the row gone, or ended by the reaper) found there aborts `signal`, which the job checks
 * between chunks or relays to its thread. Calculations, calculated-driver runs, file exports and
 * uploads all hold their run this way; past the lease without a heartbeat, the reaper ends the row
 * in ERROR.
 */
export interface Lease {
  /** Aborted once a heartbeat finds that the run must stop. */
  readonly signal: AbortSignal;
  /** Progress for the next heartbeat (only the latest is kept). */
  progress(progress: RunProgress): void;
  /** A heartbeat now, after any in flight; answers whether the run must stop. */
  beat(): Promise<boolean>;
  /** The job ended: no more heartbeats. */
  release(): void;
}

/**
 * Holds a lease by calling `heartbeat` (renew + progress, answering whether to stop) every
 * `everyMs`. A failed heartbeat is reported and the next one tries again (the lease is longer
 * than several heartbeats).
 */
export function holdLease(
  heartbeat: (progress: RunProgress | undefined) => Promise<boolean>,
  options: { everyMs: number; onError: (error: unknown) => void; initial?: RunProgress },
): Lease {
  const stop = new AbortController();
  let pending = options.initial;
  let held = true;
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<boolean> = Promise.resolve(false);

  const once = async (): Promise<boolean> => {
    const sent = pending;
    pending = undefined;
    try {
      if (await heartbeat(sent)) stop.abort();
    } catch (error) {
      pending ??= sent;
      options.onError(error);
    }
    return stop.signal.aborted;
  };
  const beat = () => {
    last = last.then(once);
    return last;
  };
  const tick = () => {
    void beat().finally(() => {
      if (held) timer = setTimeout(tick, options.everyMs);
    });
  };
  timer = setTimeout(tick, options.everyMs);

  return {
    signal: stop.signal,
    progress(progress) {
      pending = progress;
    },
    beat,
    release() {
      held = false;
      clearTimeout(timer);
    },
  };
}

/**
 * Whether a run in the calculations table must stop, from the status its heartbeat answers:
 * asked to stop, or no longer running (stopped, failed by the reaper, gone). A run whose step
 * phase finished keeps going (its root is FINISHED while the reports are written).
 */
export function runMustStop(status: string | undefined): boolean {
  return status !== "IN_PROGRESS" && status !== "FINISHED";
}
