import type { Writable } from "node:stream";

/** Writes `chunk` and waits for the stream to drain when its buffer is full (backpressure). */
export async function writeChunk(out: Writable, chunk: string | Uint8Array): Promise<void> {
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off("drain", onDrain);
      out.off("error", done);
      out.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("output closed"));
    out.once("drain", onDrain);
    out.once("error", done);
    out.once("close", onClose);
  });
}
