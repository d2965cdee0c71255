// The tests' own SMTP server (smtp-server + mailparser) on a loopback port: every mail it
// receives is parsed and kept. Stopping and starting it again on the same port plays a mail
// server that goes down and comes back.
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Resolves with the n-th mail (1-based) once it has arrived. */
  waitForMail(count: number, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (server!.server.address() as { port: number }).port;
  };
  await listen();
  const smtp: TestSmtp = {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    async waitForMail(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received[count - 1]!;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const running = server;
        server = null;
        if (!running) return resolve();
        running.close(() => resolve());
      }),
    start: listen,
  };
  return smtp;
}
