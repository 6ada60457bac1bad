// An answer sent before the request body arrived in full closes the connection cleanly (docs/api.md#oversize-bodies):
// `Connection: close`, then a lingering close, so a keep-alive client never reuses a connection the server is about
// to drop, and never loses the answer to a reset. Over a real socket: the Node HTTP server and the Hono adapter are
// what this is about.
import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER_MS } from '../../src-server/platform/http/unread-body';
import { createHarness, type Harness } from './harness';
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
