/**
 * undici's main entry point installs a process-wide dispatcher on globalThis as a side effect
 * of being imported (lib/global.js). The extension host shares that process with other
 * extensions, so we load only the parts we use: the Agent class and the request API, which
 * have no such side effect. `import type` below is erased at compile time.
 */
import type { Agent as AgentClass, Dispatcher } from 'undici';
import { markBodyError } from './errors';

/* eslint-disable @typescript-eslint/no-require-imports -- deep requires avoid undici's global side effect */
export const Agent = require('undici/lib/dispatcher/agent') as typeof AgentClass;
const requestApi = require('undici/lib/api/api-request') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * `dispatcher.request(options)` without relying on undici's index having patched the prototype.
 * An error of the body stream (the connection broke after the headers) is marked before any
 * reader sees it, so NetworkError can say the answer was cut off instead of "could not reach".
 */
export async function dispatchRequest(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  const response = await requestApi.call(dispatcher, options);
  response.body.on('error', markBodyError);
  return response;
}

export type { Dispatcher };
