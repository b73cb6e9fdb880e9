/**
 * The language-model tools' code (their answers run the query language; their inputs are zod
 * schemas), loaded with the first tool call: the build puts it in dist/agent.js (agentBundle.ts). Registering the
 * tools needs only their names (package.json declares the schemas the model sees).
 */
import { requireBundle } from '../../core/bundles/bundleLoader';
import type * as AgentBundle from './agentBundle';

export type AgentParts = typeof AgentBundle;

export function loadAgentTools(): AgentParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  return requireBundle('agent', () => require('./agentBundle') as AgentParts);
}
