/**
 * The answers of `@health`, loaded with the first chat request: the build puts them (and the
 * query language they run) in dist/chat.js, so a window that never asks never loads them.
 */
import { requireBundle } from '../../core/bundles/bundleLoader';
import type { HealthChatAnswers, HealthChatDeps } from './healthParticipant';
import type * as ChatBundle from './chatBundle';

export function loadChatAnswers(deps: HealthChatDeps): HealthChatAnswers {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  const chat = requireBundle('chat', () => require('./chatBundle') as typeof ChatBundle);
  return new chat.HealthChatAnswers(deps);
}
