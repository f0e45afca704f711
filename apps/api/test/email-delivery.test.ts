import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, eventually, startTestApp, type TestApp } from "./helpers/test-app.ts";

/** Just enough of an SMTP server to accept messages (no TLS, no auth), keeping what it got. */
async function startSmtpServer(): Promise<{ port: number; messages: string[]; server: Server }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let data: string[] | null = null;
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            messages.push(data.join("\n"));
            data = null;
            socket.write("250 2.0.0 queued\r\n");
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-test\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = [];
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { port: typeof address === "object" && address ? address.port : 0, messages, server };
}

const outboxRow = async (t: TestApp, to: string) => {
  const { rows } = await t.database.executeSql(
    "select text, transport, status, attempts, last_error from email_outbox where to_email = $1 order by id desc limit 1",
    [to],
  );
  return rows[0] as {
    text: string;
    transport: string;
    status: string;
    attempts: number;
    last_error: string | null;
  };
};

describe("e-mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    smtp?.server.close();
  });

  it("goes out through the job queue; the outbox keeps a copy with the secret masked", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${API}/auth/users/reset_password`,
      payload: { email: "client@costflow.demo" },
    });
    expect(response.statusCode).toBe(204);
    await eventually(async () => expect(smtp.messages).toHaveLength(1));
    // Quoted-printable may wrap long lines ("=" at the end); join them to read the link.
    const message = smtp.messages[0]!.replace(/=\n/g, "");
    expect(message).toMatch(/^Subject: Reset your Costflow password$/m);
    expect(message).toMatch(/^To: client@costflow\.demo$/m);
    const token = /reset-password-v1\/[^/\s]+\/([^/\s]+)\//.exec(message)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);

    const row = await eventually(async () => {
      const r = await outboxRow(t, "client@costflow.demo");
      expect(r.status).toBe("SENT");
      return r;
    });
    expect(row.transport).toBe("smtp");
    expect(row.text).not.toContain(token);
    expect(row.text).toContain("/********/");
  });
});

describe("e-mail when the SMTP server is unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = await startSmtpServer();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, emailRetryLimit: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is retried, then marked FAILED with the reason", async () => {
    await t.app.inject({
      method: "POST",
      url: `${API}/auth/users/reset_password`,
      payload: { email: "admin@costflow.demo" },
    });
    const row = await eventually(async () => {
      const r = await outboxRow(t, "admin@costflow.demo");
      expect(r.status).toBe("FAILED");
      return r;
    }, 20_000);
    expect(row.attempts).toBe(2);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});
