import type { FastifyBaseLogger } from "fastify";

/**
 * Runs a worker's lease reaper now and then every `intervalMs` (an unref'd timer: it never keeps
 * the process alive); a failed sweep is logged and the next one tries again. The reapers of
 * calculations (and calculated-driver runs), file exports and uploads all run this way. Answers
 * a function that stops it.
 */
export async function startSweeper(
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  sweep: () => Promise<unknown>,
): Promise<() => void> {
  const once = () => sweep().catch((error) => log.error({ err: error }, name));
  await once();
  const timer = setInterval(once, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
