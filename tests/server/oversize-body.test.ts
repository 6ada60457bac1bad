// An answer sent before the request body arrived in full closes the connection cleanly (docs/api.md#oversize-bodies):
// `Connection: close`, then a lingering close, so a keep-alive client never reuses a connection the server is about
// to drop, and never loses the answer to a reset. The claim report's own larger limit is for a signed-in caller of
// it alone (docs/api.md#conventions): anyone else's large body is refused before it is sent. Over a real socket: the
// Node HTTP server and the Hono adapter are what this is about.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_BODY_MAX_BYTES } from '../../src-server/contract/claim';
import { messages } from '../../src-server/contract/messages';
import { LINGER_MS } from '../../src-server/platform/http/unread-body';
import { createHarness, T0, validPolicy, type Harness } from './harness';
import { listen, type Listening } from './listen';

let h: Harness;
let server: Listening;
let port: number;

beforeAll(async () => {
  h = await createHarness();
  server = await listen(h.app);
  port = server.port;
});
afterAll(async () => {
  await server.close();
  await h.close();
});

const TWO_MB = Buffer.from(JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }));

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}

function call(agent: Agent, method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text, socket: res.socket }));
    });
    // The answer may come (and the client stop writing) before the whole body is sent: that is the point.
    req.on('error', (err) => reject(err));
    if (body) req.write(body);
    req.end();
  });
}

describe('a keep-alive client with one socket', () => {
  it('gets every 413 for 2 MB bodies to REST and tRPC, and every health check on the same client answers 200', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const rest = await call(agent, 'POST', '/api/login', TWO_MB);
        const trpc = await call(agent, 'POST', '/trpc/account.login', TWO_MB);
        const health = await call(agent, 'GET', '/api/health');
        statuses.push(`${rest.status}/${rest.connection} ${trpc.status}/${trpc.connection} ${health.status}`);
        expect(JSON.parse(rest.body)).toEqual({ error: expect.any(String) });
      }
    } finally {
      agent.destroy();
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => '413/close 413/close 200'));
  });

  it('keeps the connection for bodies it read in full, refused or not', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await call(agent, 'POST', '/api/login', Buffer.from('{"username":1}'));
      const second = await call(agent, 'GET', '/api/health');
      expect(first.status).toBe(400);
      expect(first.connection).toBe('keep-alive');
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});

/** A raw socket: what the server sends and when it closes, byte for byte. */
function rawExchange(head: string, bodyChunk: Buffer): Promise<{ text: string; closedBy: 'end' | 'reset'; afterMs: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let settled = false;
    const finish = (closedBy: 'end' | 'reset') => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ text, closedBy, afterMs: Date.now() - started });
    };
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => finish('end'));
    socket.on('error', () => finish('reset'));
    socket.write(head);
    socket.write(bodyChunk);
  });
}

describe('Content-Length over the limit', () => {
  it('answers 413 with Connection: close at once, and closes after the linger when the body never comes', async () => {
    const head = 'POST /trpc/account.login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n';
    const answer = await rawExchange(head, Buffer.from('{"username":"'));
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text.toLowerCase()).toContain('connection: close');
    // A half-close (FIN) once the answer is out, not a reset; the server ends it no later than the linger.
    expect(answer.closedBy).toBe('end');
    expect(answer.afterMs).toBeLessThan(LINGER_MS + 1000);
  });

  it('reads and discards the rest of a body the client goes on sending, then closes without a reset', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n';
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let reset = false;
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => (reset = true));
    const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
    socket.write(head);
    // The whole declared body, in pieces, after the answer has started coming back.
    for (let sent = 0; sent < 3_000_000; sent += 100_000) {
      await new Promise<void>((resolve) => socket.write(Buffer.alloc(100_000, 0x61), () => resolve()));
    }
    await ended;
    socket.end();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(reset).toBe(false);
  });
});

/**
 * What the server answers to a request head declaring `length` bytes of body, before any of it is sent: the status line
 * and headers, or a failure when nothing comes back while the server waits for the body.
 */
function answerBeforeBody(path: string, length: number, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const watchdog = setTimeout(() => {
      socket.destroy();
      reject(new Error(`POST ${path}: no answer before the body was sent`));
    }, 5_000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      clearTimeout(watchdog);
      socket.destroy();
      resolve(text);
    });
    socket.on('error', (err) => {
      clearTimeout(watchdog);
      reject(err);
    });
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`);
  });
}

describe('the claim report’s own limit: a signed-in caller of that one operation alone', () => {
  let customer: string;
  let policyNumber: string;
  const FORTY_MB = 40 * 1024 * 1024;

  beforeAll(async () => {
    await h.addUser({ username: 'limitowner', isOwner: true });
    const id = await h.addUser({ username: 'limitdriver' });
    const created = await h.request('POST', '/api/admin/policies', { token: await h.tokenFor('limitowner'), body: { ...validPolicy, userId: id } });
    policyNumber = ((await created.json()) as { policyNumber: string }).policyNumber;
    customer = await h.tokenFor('limitdriver');
  });

  /** A real report, then megabytes of the whitespace JSON allows after it: a body that size the route must read to store. */
  const paddedReport = (megabytes: number, wrap: (report: object) => object = (r) => r) =>
    Buffer.from(
      JSON.stringify(
        wrap({
          clientId: randomUUID(),
          policyNumber,
          kind: 'accident',
          occurredAt: new Date(T0 - 3_600_000).toISOString(),
          location: 'A34 northbound',
          description: 'Hit from behind at the lights.',
          phone: '07700 900123',
          injuries: false,
        }),
      ) + ' '.repeat(megabytes * 1024 * 1024),
    );

  it('anonymous or with a token the server does not accept, 40 MB at either door is 413 before the body is sent', async () => {
    expect(FORTY_MB).toBeLessThan(CLAIM_BODY_MAX_BYTES);
    for (const path of ['/trpc/claims.report', '/api/user/claims', '/trpc/claims.report?batch=1']) {
      for (const headers of [{}, { Authorization: 'Bearer not-a-session' }] as Record<string, string>[]) {
        const answer = await answerBeforeBody(path, FORTY_MB, headers);
        expect(answer, `${path} ${JSON.stringify(headers)}`).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.toLowerCase()).toContain('connection: close');
      }
    }
  });

  it('a batch naming another procedure, or the report twice, takes the standard 100 KB', async () => {
    const auth = { Authorization: `Bearer ${customer}` };
    for (const path of ['/trpc/claims.report,claims.mine?batch=1', '/trpc/claims.report,claims.report?batch=1', '/trpc/claims.mine,claims.report?batch=1']) {
      expect(await answerBeforeBody(path, 200 * 1024, auth), path).toMatch(/^HTTP\/1\.1 413 /);
    }
    const agent = new Agent();
    try {
      const res = await call(agent, 'POST', '/trpc/claims.report,claims.mine?batch=1', Buffer.alloc(200 * 1024, 0x20), auth);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: messages.bodyTooLarge });
    } finally {
      agent.destroy();
    }
  });

  it('a signed-in caller’s 20 MB report is read and stored, at REST, tRPC and a tRPC batch of it alone', async () => {
    const auth = { Authorization: `Bearer ${customer}` };
    const agent = new Agent();
    try {
      const rest = await call(agent, 'POST', '/api/user/claims', paddedReport(20), auth);
      expect(rest.status, rest.body).toBe(201);
      const trpc = await call(agent, 'POST', '/trpc/claims.report', paddedReport(20), auth);
      expect(trpc.status, trpc.body).toBe(200);
      const batch = await call(agent, 'POST', '/trpc/claims.report?batch=1', paddedReport(20, (r) => ({ 0: r })), auth);
      expect(batch.status, batch.body).toBe(200);
      const stored = await h.database.client.execute({ sql: 'select count(*) as n from claims c join users u on u.id = c.user_id where u.username = ?', args: ['limitdriver'] });
      expect(Number(stored.rows[0]!['n'])).toBe(3);
    } finally {
      agent.destroy();
    }
  });
});
