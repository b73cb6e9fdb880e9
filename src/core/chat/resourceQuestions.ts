/**
 * The resource questions `@health` answers besides event queries: "is vm1 healthy?", "which of my
 * resources are affected?", "is anything this workspace deploys affected?". VS Code-free.
 */
import { trimEndChars, trimStartChars } from '../text/scan';

export type ResourceQuestion = { readonly kind: 'workspace' } | { readonly kind: 'affected' } | { readonly kind: 'one'; readonly name: string };

const QUOTES = '"\'“”`';
const STATE_WORDS = 'healthy|unhealthy|ok|okay|fine|up|down|available|unavailable|degraded|working|running';
/** Names that are not one resource: "is anything down?", "are my VMs up?" go to the query language. */
const NOT_ONE = /^(?:my|our|any|all|some|the\s+resources|resources|anything|everything|something|there|it)\b/iu;

export function resourceQuestion(prompt: string): ResourceQuestion | undefined {
  const text = trimEndChars(prompt.trim(), '?.!').trim().replace(/\s+/gu, ' ');
  if (/\b(?:workspace|this\s+(?:repo|repository|project|folder)|my\s+(?:templates?|infra(?:structure)?|deployments?))\b/iu.test(text) && /\b(?:affect\w*|impact\w*|hit|touch\w*|down|problems?|issues?|outages?)\b/iu.test(text)) {
    return { kind: 'workspace' };
  }
  if (
    /^(?:which|what)\s+(?:of\s+)?(?:my\s+)?resources\s+(?:are|were)\s+(?:affected|impacted|hit)(?:\s+(?:now|right\s+now|currently))?$/iu.test(text) ||
    /^(?:are|is)\s+(?:any\s+of\s+)?my\s+resources\s+(?:affected|impacted)$/iu.test(text) ||
    /^(?:show\s+|list\s+)?(?:me\s+)?(?:my\s+)?(?:affected|impacted)\s+resources$/iu.test(text)
  ) {
    return { kind: 'affected' };
  }
  const m =
    new RegExp(`^(?:is|are)\\s+(.+?)\\s+(?:${STATE_WORDS})$`, 'iu').exec(text) ??
    /^how\s+is\s+(.+?)(?:\s+doing)?$/iu.exec(text) ??
    /^(?:what\s+is\s+|what's\s+)?(?:the\s+)?(?:health|status|state)\s+of\s+(.+)$/iu.exec(text);
  const name = m?.[1] === undefined ? undefined : trimEndChars(trimStartChars(m[1].replace(/^(?:the\s+)?(?:resource|vm)\s+/iu, ''), QUOTES), QUOTES).trim();
  return name && !NOT_ONE.test(name) ? { kind: 'one', name } : undefined;
}
