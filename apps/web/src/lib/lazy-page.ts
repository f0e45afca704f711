// Route chunks load lazily with a 120-second time-out: a chunk that fails or takes longer raises a
// load error, shown by the route error boundary.
import { type ComponentType, lazy } from "react";

const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super("Chunk load failed");
    this.name = "ChunkLoadError";
    this.cause = cause;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e));
      },
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export function lazyPage<P = any>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS));
}
