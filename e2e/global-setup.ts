import { MAIL_FILE, SMTP_PORT } from "./e2e-env";
import { startSmtpSink } from "./smtp-sink";

export default async function globalSetup(): Promise<() => Promise<void>> {
  return startSmtpSink(SMTP_PORT, MAIL_FILE);
}
