// A reverse proxy taking real server processes in turn, and a client that sends from an address of its choosing,
// for the tests of several processes (tests/server/two-processes.test.ts on one database file,
// tests/server/sqld-replica.test.ts on a libSQL primary and its replica; docs/operations.md#several-server-processes).
import { createServer, request, Agent, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Which process answered through the proxy (its x-upstream header). */
  upstream: string | undefined;
}

/**
 * One HTTP request from the loopback address `from`: the proxy sees each test "client" at its own address
 * (127.0.0.2, 127.0.0.3, …, all loopback on Linux), as it would see people on the internet.
 */
export function send(
  port: number,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; from?: string; agent?: Agent } = {},
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string | number> = {};
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, localAddress: opts.from ?? '127.0.0.2', ...(opts.agent ? { agent: opts.agent } : {}) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, upstream: res.headers['x-upstream'] as string | undefined }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const parse = <T>(a: Answer): T => JSON.parse(a.text) as T;

/**
 * The reverse proxy: each request to the next process in turn, its X-Forwarded-For set to the connection's address.
 * Set, not appended: the servers believe the first entry (TRUST_PROXY=1), so a client's own header must not survive.
 * `names[i]` is sent back as x-upstream for the process on `ports()[i]`. `listenPort`: else a free one.
 */
export function roundRobinProxy(ports: () => number[], names: readonly string[], listenPort = 0): Promise<{ port: number; server: Server }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  let turn = 0;
  const server = createServer((req, res) => {
    const targets = ports();
    const i = turn++ % targets.length;
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    const upstream = request({ host: '127.0.0.1', port: targets[i], method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': names[i] });
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(listenPort, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server })),
  );
}

/** Polls `check` until it answers true; fails with `what` (and what `show` gives) after `ms`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, show: () => unknown = () => '', ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await show())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A delivery the server logged (no SMTP_URL: a delivery is one log line). */
export interface MailLine {
  mailId: number;
  to: string;
  subject: string;
  /** The text as logged: its links whole only with MAIL_LOG_LINKS=1. */
  text: string;
}

/** A reader of a server's standard output that hands each logged delivery to `onMail`. */
export function mailLineReader(onMail: (mail: MailLine) => void): (text: string) => void {
  let partial = '';
  return (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as Partial<MailLine> & { msg?: string };
      if (entry.msg?.startsWith('mail (no SMTP_URL')) onMail({ mailId: entry.mailId!, to: entry.to!, subject: entry.subject!, text: entry.text ?? '' });
    }
  };
}
