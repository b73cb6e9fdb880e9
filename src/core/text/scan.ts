/**
 * Text helpers that run in time linear in their input, for text the service or the user supplies
 * (error pages, event HTML, chat prompts). They replace regexes such as `/<[^>]*>/g` or
 * `/[?.!]+$/` whose backtracking is quadratic on adversarial input ('<' repeated, a long run of
 * punctuation or spaces not at the end): a 40 KB error page took 1.8 s.
 */

/**
 * Replaces every `<…>` tag with `replace(inner)` (inner = the text between `<` and `>`); a `<`
 * without a later `>` is kept as text, like `text.replace(/<[^>]*>/g, …)` but in one pass.
 */
export function stripTags(text: string, replace: (inner: string) => string = () => ' '): string {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('<', from);
    if (open < 0) {
      break;
    }
    const close = text.indexOf('>', open + 1);
    if (close < 0) {
      // No `>` after this `<`, so none after any later `<` either: the rest is text.
      break;
    }
    out.push(text.slice(from, open), replace(text.slice(open + 1, close)));
    from = close + 1;
  }
  out.push(text.slice(from));
  return out.join('');
}

/** Drops trailing characters that are in `chars` ("what?!" with "?.!" → "what"). */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) {
    end -= 1;
  }
  return text.slice(0, end);
}

/** Drops leading characters that are in `chars`. */
export function trimStartChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) {
    start += 1;
  }
  return text.slice(start);
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Strips everything but letters and digits (any script) from both ends; inner characters stay. */
export function trimToLettersAndDigits(word: string): string {
  const chars = Array.from(word); // code points, so surrogate pairs are never split
  let start = 0;
  while (start < chars.length && !LETTER_OR_DIGIT.test(chars[start] ?? '')) {
    start += 1;
  }
  let end = chars.length;
  while (end > start && !LETTER_OR_DIGIT.test(chars[end - 1] ?? '')) {
    end -= 1;
  }
  return chars.slice(start, end).join('');
}

/**
 * Splits a trailing parenthesised part off a name: "Azure Kubernetes Service (AKS)" →
 * { base: "Azure Kubernetes Service", inner: "AKS" }. Same result as
 * `/\s*\(([^()]*)\)\s*$/u`, without its quadratic backtracking over long runs of spaces.
 */
export function splitTrailingParenthetical(name: string): { base: string; inner: string } | undefined {
  const trimmed = name.trimEnd();
  if (!trimmed.endsWith(')')) {
    return undefined;
  }
  const open = trimmed.lastIndexOf('(', trimmed.length - 2);
  if (open < 0) {
    return undefined;
  }
  const inner = trimmed.slice(open + 1, -1);
  if (inner.includes(')')) {
    return undefined;
  }
  return { base: trimmed.slice(0, open).trimEnd(), inner };
}
