// A minimal SMTP server that records every message it receives as one JSON line in a file.
// The API under test sends its e-mails here (SMTP_URL), so the browser tests can follow the
// real links of validation and password e-mails, whatever company the mail belongs to.
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";

export interface SinkMessage {
  to: string[];
  raw: string;
}

function session(socket: Socket, file: string): void {
  let buffer = "";
  let inData = false;
  let data: string[] = [];
  let rcpt: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 costflow-e2e-sink ESMTP");
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf("\r\n"); at >= 0; at = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      if (inData) {
        if (line === ".") {
          inData = false;
          appendFileSync(
            file,
            `${JSON.stringify({ to: rcpt, raw: data.join("\r\n") } satisfies SinkMessage)}\n`,
          );
          data = [];
          rcpt = [];
          reply("250 OK: queued");
        } else {
          data.push(line.startsWith("..") ? line.slice(1) : line);
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") reply("250 costflow-e2e-sink");
      else if (verb === "HELO") reply("250 costflow-e2e-sink");
      else if (verb === "MAIL") reply("250 OK");
      else if (verb === "RCPT") {
        const m = /<([^>]*)>/.exec(line);
        if (m?.[1]) rcpt.push(m[1].toLowerCase());
        reply("250 OK");
      } else if (verb === "DATA") {
        inData = true;
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "RSET") {
        rcpt = [];
        data = [];
        reply("250 OK");
      } else if (verb === "NOOP") reply("250 OK");
      else if (verb === "QUIT") {
        reply("221 Bye");
        socket.end();
      } else reply("502 Command not implemented");
    }
  });
  socket.on("error", () => undefined);
}

export async function startSmtpSink(port: number, file: string): Promise<() => Promise<void>> {
  writeFileSync(file, "");
  const server = createServer((socket) => session(socket, file));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The text body of a raw message, with quoted-printable or base64 transfer encoding undone. */
export function messageText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const headers = split >= 0 ? raw.slice(0, split) : "";
  let body = split >= 0 ? raw.slice(split + 4) : raw;
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "quoted-printable") {
    body = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(body, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return body;
}
