// Mail servers for the tests of real delivery (docs/operations.md#mail): an in-process SMTP server (smtp-server) on a
// loopback port whose answer to each message the test decides, servers that refuse, drop or never greet, and a
// small MIME reader for what arrived (mailparser is not among the dependencies; this reads what nodemailer writes).
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's MAIL FROM and RCPT TO addresses, as the server was given them. */
  from: string;
  to: string[];
  /** The user who signed in (AUTH), if any. */
  user: string | undefined;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:{port}, as SMTP_URL would be. */
  url: string;
  /** Messages the server accepted (answered 250), in order. */
  accepted: ReceivedMail[];
  /** Messages whose DATA arrived, accepted or not yet answered. */
  arrived: ReceivedMail[];
  /** Sessions open now, and the most ever open at once (how many senders overlapped). */
  openSessions(): number;
  maxOpenSessions(): number;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Credentials the server requires, as SMTP_URL's user:pass would give them; none: sign-in optional. */
  auth?: { user: string; pass: string };
  /**
   * Decides each message once its DATA is in: resolve to accept it (250), throw an Error with responseCode to
   * refuse it (e.g. 451), or never settle to hold the sender waiting.
   */
  answer?: (mail: ReceivedMail) => Promise<void> | void;
}

export async function startSmtpServer(opts: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const accepted: ReceivedMail[] = [];
  const arrived: ReceivedMail[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = new SMTPServer({
    // Plain text on loopback: no TLS, so no STARTTLS offered and AUTH allowed without it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !opts.auth,
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 per connection (it costs ~100 ms a message).
    disableReverseLookup: true,
    // A held session is cut at close rather than waited for (smtp-server's default is 30 s).
    closeTimeout: 50,
    onConnect(_session, callback) {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        arrived.push(mail);
        Promise.resolve()
          .then(() => opts.answer?.(mail))
          .then(
            () => {
              accepted.push(mail);
              callback();
            },
            (err: Error) => callback(err),
          );
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  const credentials = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    accepted,
    arrived,
    openSessions: () => open,
    maxOpenSessions: () => maxOpen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An error smtp-server answers with the given reply code. */
export function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** A loopback port with nothing listening on it: connections are refused (ECONNREFUSED). */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RawServer {
  port: number;
  url: string;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A TCP server that is no mail server: 'drop' accepts each connection and resets it at once (a relay that
 * crashed or a firewall cutting in); 'silent' accepts and never says a word (a hung server: only the greeting
 * timeout ends the wait).
 */
export async function startRawServer(mode: 'drop' | 'silent'): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.on('error', () => undefined);
    if (mode === 'drop') socket.resetAndDestroy();
    else {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it answers true, failing after `ms` (no fixed sleeps). */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// ---- MIME, as far as the tests need it -------------------------------------------------------------------------

export interface MimePart {
  /** Header names in lower case, values unfolded and with RFC 2047 encoded words decoded. */
  headers: Map<string, string>;
  /** The body after its Content-Transfer-Encoding is undone (for a multipart: empty). */
  body: Buffer;
  parts: MimePart[];
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** A header's parameter (boundary, filename, name), plain or RFC 2231 (filename*=utf-8''…, filename*0=…). */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const plain = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value)?.[1];
  if (plain) return decodeWords(plain);
  const pieces = [...value.matchAll(new RegExp(`;\\s*${name}\\*(\\d+)?(\\*)?="?([^";]*)"?`, 'gi'))];
  if (pieces.length === 0) return undefined;
  const joined = pieces.map((m) => m[3]!.replace(/^[\w-]*'[\w-]*'/, '')).join('');
  return decodeURIComponent(joined);
}

export function parseMime(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const content = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? headerParam(type, 'boundary') : undefined;
  if (boundary) {
    const sections = content.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    // The text before the first boundary and after the last is no part.
    const parts = sections.slice(1, -1).map(parseMime);
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : Buffer.from(content, 'utf8');
  return { headers, body, parts: [] };
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

/** The message's plain text body, line ends as \n. */
export function textBody(message: MimePart): string | undefined {
  const text = leafParts(message).find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain') && !/attachment/i.test(p.headers.get('content-disposition') ?? ''));
  return text?.body.toString('utf8').replace(/\r\n/g, '\n');
}

/** Its attachments: name, type (without parameters) and bytes. */
export function attachmentsOf(message: MimePart): { filename: string | undefined; contentType: string; content: Buffer }[] {
  return leafParts(message)
    .filter((p) => /^attachment/i.test(p.headers.get('content-disposition') ?? ''))
    .map((p) => ({
      filename: headerParam(p.headers.get('content-disposition'), 'filename') ?? headerParam(p.headers.get('content-type'), 'name'),
      contentType: (p.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      content: p.body,
    }));
}
