import assert from 'node:assert/strict';
import * as z from 'zod';
import { followPages, type HttpRequester } from '../../../src/core/api/paging';
import type { HttpRequest, HttpResponse } from '../../../src/core/http/types';

const pageSchema = z.object({ value: z.array(z.number()), nextLink: z.string().nullish() });

/** Answers every request with one page whose nextLink is `next` (once), and records what was asked. */
function recorder(next?: string): HttpRequester & { seen: HttpRequest[] } {
  const seen: HttpRequest[] = [];
  return {
    seen,
    request: async (req: HttpRequest): Promise<HttpResponse> => {
      seen.push(req);
      const body = JSON.stringify({ value: [seen.length], nextLink: seen.length === 1 ? next : null });
      return { status: 200, headers: {}, body, url: new URL(req.url, 'https://management.azure.com').href } as HttpResponse;
    },
  };
}

async function collect(client: HttpRequester, firstUrl: string, firstMethod?: 'GET' | 'POST'): Promise<number[]> {
  const out: number[] = [];
  const pages = followPages({
    client, firstUrl, firstMethod, apiVersion: '2025-05-01', maxPages: 10, origin: 'https://management.azure.com',
    schema: pageSchema, kind: 'an event list', context: { operation: 'listEvents' },
  });
  for await (const page of pages) out.push(...page.value);
  return out;
}

describe('followPages: the first request', () => {
  it('refuses a first URL off the expected origin before anything is sent (a bug must not carry the token elsewhere)', async () => {
    const client = recorder();
    await assert.rejects(collect(client, 'https://attacker.invalid/providers/x?api-version=1'), /not on https:\/\/management\.azure\.com/);
    await assert.rejects(collect(client, 'ftp://management.azure.com/x'), TypeError);
    assert.equal(client.seen.length, 0);
  });

  it('accepts a path or an absolute URL on the origin', async () => {
    assert.deepEqual(await collect(recorder(), '/providers/x?api-version=1'), [1]);
    assert.deepEqual(await collect(recorder(), 'https://management.azure.com/providers/x?api-version=1'), [1]);
  });

  it('a POST list operation (listSecurityAdvisoryImpactedResources) POSTs once, then follows nextLink with GETs', async () => {
    const client = recorder('https://management.azure.com/providers/x?page=2');
    assert.deepEqual(await collect(client, '/providers/x/list?api-version=1', 'POST'), [1, 2]);
    assert.deepEqual(client.seen.map((r) => r.method), ['POST', 'GET']);
  });
});
