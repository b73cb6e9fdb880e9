/** One loopback server and the clients made against it, on a fresh fake clock per test; closed after each. */
import { ThrottledClient } from '../../../src/core/http/client';
import { FakeClock } from './fakeClock';
import { startLoopback, type Handler, type Loopback } from './loopback';

type ClientOptions = Partial<ConstructorParameters<typeof ThrottledClient>[0]>;

export interface ClientFixture {
  readonly clock: FakeClock;
  readonly server: Loopback | undefined;
  serve(handler: Handler): Promise<Loopback>;
  /** A client of the served origin on the fixture's clock (jitter fixed at 0.5). */
  client(extra?: ClientOptions): ThrottledClient;
}

/** Call inside a `describe`: registers the hooks that make and close the fixture's parts. */
export function useClientFixture(t0: number): ClientFixture {
  let clock = new FakeClock(t0);
  let server: Loopback | undefined;
  const clients: ThrottledClient[] = [];
  beforeEach(() => {
    clock = new FakeClock(t0);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.close();
    server = undefined;
  });
  return {
    get clock() {
      return clock;
    },
    get server() {
      return server;
    },
    async serve(handler) {
      server = await startLoopback(handler, () => clock.now());
      return server;
    },
    client(extra = {}) {
      if (!server) throw new Error('serve() first');
      const c = new ThrottledClient({ origin: server.origin, clock, random: () => 0.5, ...extra });
      clients.push(c);
      return c;
    },
  };
}
