import { createServer } from "node:net";

/**
 * A TCP port that nothing on 127.0.0.1 listens on right now (the system's choice), for a server
 * started in a child process. A port drawn at random from a range can be a service's (MariaDB's
 * 3306 was drawn once, and the test read its greeting as an HTTP answer).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}
