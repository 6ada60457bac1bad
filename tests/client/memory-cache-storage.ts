// jsdom has no Cache Storage: this small in-memory one stands in for the tests of the offline copies.
interface Stored {
  body: ArrayBuffer;
  headers: [string, string][];
}

const keyOf = (request: RequestInfo | URL) =>
  new URL(typeof request === 'string' || request instanceof URL ? request : request.url, window.location.href).href;

class MemoryCache {
  readonly entries = new Map<string, Stored>();
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(keyOf(request), { body: await response.arrayBuffer(), headers: [...response.headers] });
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(keyOf(request));
    return hit ? new Response(hit.body.slice(0), { headers: hit.headers }) : undefined;
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
}

export class MemoryCacheStorage {
  readonly stores = new Map<string, MemoryCache>();
  async has(name: string) {
    return this.stores.has(name);
  }
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) this.stores.set(name, (cache = new MemoryCache()));
    return cache;
  }
  async delete(name: string) {
    // Like the real thing, a delete takes a moment: a save that does not wait for it would win the race.
    await new Promise((r) => setTimeout(r, 5));
    return this.stores.delete(name);
  }
  async keys() {
    return [...this.stores.keys()];
  }
  /** Every entry's path, per cache. */
  dump(): Record<string, string[]> {
    return Object.fromEntries([...this.stores].map(([name, c]) => [name, [...c.entries.keys()].map((u) => new URL(u).pathname).sort()]));
  }
}

