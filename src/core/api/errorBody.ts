/** What a service's error body says, made safe to show: tokens redacted, excerpts cut, the seed's or ARM's error envelope read. */
import { validation } from '../model/validation';

const MAX_EXCERPT = 160;
/**
 * Service text is cut to this many characters before anything scans it: an excerpt is at most
 * MAX_EXCERPT long, so the rest of a 1 MB error page never needs reading.
 */
export const SCAN_LIMIT = 4096;

/** Characters a bearer token or a JWT is made of (base64url, base64 and `.~+/=`). */
const TOKEN_CHAR = '[A-Za-z0-9._~+/=-]';
const TOKEN_RUNS = new RegExp(`${TOKEN_CHAR}+`, 'g');
const ENDS_IN_TOKEN_CHAR = new RegExp(`${TOKEN_CHAR}$`);
const BEARER_TOKEN = new RegExp(`\\bBearer\\s+${TOKEN_CHAR}+`, 'gi');

/**
 * Hides anything that looks like a JWT (`eyJ…` with two dots) in one pass over maximal runs of
 * token characters; a run that holds one is hidden from the `eyJ` on (more is hidden, never less).
 */
function redactJwts(text: string): string {
  return text.replace(TOKEN_RUNS, (run) => {
    const at = run.search(/(?:^|[^A-Za-z0-9_])eyJ/);
    if (at < 0) {
      return run;
    }
    const start = run.startsWith('eyJ') ? 0 : at + 1;
    const dots = run.slice(start).split('.').length - 1;
    return dots >= 2 && run.length - start >= 13 ? `${run.slice(0, start)}[redacted]` : run;
  });
}

/** Drops the trailing run of token characters: the part of a token a cut may have split. */
function withoutCutToken(text: string): string {
  let end = text.length;
  while (end > 0 && ENDS_IN_TOKEN_CHAR.test(text.charAt(end - 1))) {
    end -= 1;
  }
  return text.slice(0, end);
}

/**
 * Makes service-supplied text safe for a one-line message: drops control characters (no terminal
 * escape injection), collapses whitespace, hides anything that looks like a bearer token or JWT,
 * and shortens it. Only the first SCAN_LIMIT characters are read, and token characters cut
 * there are dropped, so a token split by the cut cannot show half of itself.
 */
export function safeExcerpt(text: string, max = MAX_EXCERPT): string {
  const head = text.length > SCAN_LIMIT ? withoutCutToken(text.slice(0, SCAN_LIMIT)) : text;
  const cleaned = redactJwts(
    head
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .replace(BEARER_TOKEN, 'Bearer [redacted]'),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

export function detailsText(details: unknown): string | undefined {
  if (details === undefined || details === null) {
    return undefined;
  }
  if (typeof details === 'string') {
    return details;
  }
  try {
    return JSON.stringify(details);
  } catch {
    return undefined;
  }
}

/** Reads `{code,message,details}` (seed) or `{error:{...}}` (ARM); undefined for other bodies. */
export function parseErrorBody(body: string): { code?: string; message?: string; details?: unknown } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = validation().errorEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    return undefined;
  }
  const inner = 'error' in parsed.data && parsed.data.error && typeof parsed.data.error === 'object' ? parsed.data.error : parsed.data;
  const fields = inner as { code?: string | null; message?: string | null; details?: unknown };
  if (fields.code == null && fields.message == null && fields.details == null) {
    return undefined;
  }
  return {
    code: fields.code ?? undefined,
    message: fields.message ?? undefined,
    details: fields.details ?? undefined,
  };
}
