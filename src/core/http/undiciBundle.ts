/**
 * The undici parts this extension uses, as one module that loads on the first request (the build
 * puts it in its own bundle, dist/undici.js; see scripts/build.mjs). Deep requires only: undici's
 * main entry installs a process-wide dispatcher on globalThis as a side effect of being imported.
 */
import type { Agent as AgentClass, buildConnector as BuildConnector, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass, Pool as PoolClass } from 'undici';

/* eslint-disable @typescript-eslint/no-require-imports -- deep requires avoid undici's global side effect */
export const Agent = require('undici/lib/dispatcher/agent') as typeof AgentClass;
export const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent') as typeof EnvHttpProxyAgentClass;
export const Pool = require('undici/lib/dispatcher/pool') as typeof PoolClass;
export const buildConnector = require('undici/lib/core/connect') as typeof BuildConnector;
export const connectApi = require('undici/lib/api/api-connect') as (
  this: Dispatcher,
  options: Dispatcher.ConnectOptions,
) => Promise<Dispatcher.ConnectData>;
/* eslint-enable @typescript-eslint/no-require-imports */
