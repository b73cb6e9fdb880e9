/**
 * Paging overlaps each page's JSON.parse and validation with the round trip for the next page.
 * A real client reaches the socket only after promise steps (the throttle's grant, the token)
 * and undici's own check of an idle keep-alive socket (a setImmediate): the next request must
 * have left by then, not wait for the synchronous parse of a large page.
 */
import assert from 'node:assert/strict';
import * as z from 'zod';
import { followPages, type HttpRequester } from '../../../src/core/api/paging';
import type { HttpRequest, HttpResponse } from '../../../src/core/http/types';

const ORIGIN = 'https://management.azure.com';

describe('followPages: the next request leaves before this page is parsed', () => {
  it('sends page 2 before page 1 is validated, through a client with promise steps and a deferred socket write', async () => {
    const log: string[] = [];
    // A refinement: zod runs it while validating, so the log shows when each page was validated.
    const schema = z.object({ value: z.array(z.number()), nextLink: z.string().nullish() }).refine((page) => {
      log.push(`validated ${page.value[0]}`);
      return true;
    });
    let n = 0;
    const client: HttpRequester = {
      async request(req: HttpRequest): Promise<HttpResponse> {
        n += 1;
        const page = n;
        await Promise.resolve(); // the throttle's grant
        await Promise.resolve(); // the token provider
        await new Promise<void>((resolve) => setImmediate(resolve)); // undici's idle-socket check, then the write
        log.push(`sent ${page}`);
        const body = JSON.stringify({ value: [page], nextLink: page < 3 ? `${ORIGIN}/events?page=${page + 1}` : null });
        return { status: 200, headers: {}, body, url: new URL(req.url, ORIGIN).href };
      },
    };
    const pages = followPages({
      client, firstUrl: '/events?api-version=1', apiVersion: '1', maxPages: 10, origin: ORIGIN,
      schema, kind: 'an event list', context: { operation: 'listEvents' },
    });
    const values: number[] = [];
    for await (const page of pages) values.push(...page.value);
    assert.deepEqual(values, [1, 2, 3]);
    assert.deepEqual(log, ['sent 1', 'sent 2', 'validated 1', 'sent 3', 'validated 2', 'validated 3']);
  });
});
