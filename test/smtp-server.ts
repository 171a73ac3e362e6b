// A real SMTP server for tests (smtp-server), on loopback and a random port: it checks a login,
// keeps every message it accepts (raw, and parsed with mailparser), and can refuse messages with a
// temporary error, as a greylisting or overloaded server does.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export type TestSmtpServer = {
  /** An SMTP_URL for this server, with its login. */
  url: string;
  messages: ParsedMail[];
  raw: string[];
  /** Messages the server answered with an error. */
  refused: number;
  /** While set, every message is answered with this temporary error. */
  refuseWith: { code: number; message: string } | null;
  close(): Promise<void>;
};

export const SMTP_USER = "mailer";
export const SMTP_PASSWORD = "a-password-for-tests";

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    messages: [],
    raw: [],
    refused: 0,
    refuseWith: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: no certificate to trust, so no STARTTLS and a login in the clear.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: SMTP_USER });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refuseWith) {
          state.refused += 1;
          const error = Object.assign(new Error(state.refuseWith.message), {
            responseCode: state.refuseWith.code,
          });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            state.raw.push(raw);
            state.messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
