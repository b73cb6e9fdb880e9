/**
 * One tokenizer for Bicep and Terraform (HCL): identifiers, numbers, strings, punctuation and
 * newlines, with line and column. Linear in the input and iterative (nested `${…}` uses an explicit
 * stack); an unterminated string or comment runs to the end of the text and is flagged. The only
 * throw is the progress guard's (`moved`), which the caller turns into one unchecked entry.
 */
import { moved, step, stuck } from './progress';

export type TokenKind = 'id' | 'str' | 'num' | 'punct' | 'nl';

export interface Token {
  readonly t: TokenKind;
  /** Identifier or punctuation text; a string's raw content between its quotes. */
  readonly v: string;
  readonly line: number;
  readonly column: number;
  /** A string holding `${…}` (or HCL `%{…}`). */
  readonly interp?: boolean;
}

export interface LexOptions {
  /** `'` for Bicep, `"` for HCL. */
  readonly quote: "'" | '"';
  /** HCL: `#` comments and `<<EOF` heredocs. */
  readonly hcl: boolean;
}

export interface LexResult {
  readonly tokens: Token[];
  /** Why the text is not well formed (an unterminated string or comment), if it is not. */
  readonly problem?: string;
}

const isIdStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdPart = (c: number): boolean => isIdStart(c) || (c >= 48 && c <= 57) || c === 45;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

export function lex(text: string, options: LexOptions): LexResult {
  const tokens: Token[] = [];
  let problem: string | undefined;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = text.length;
  const push = (t: TokenKind, v: string, at: number, atLine: number, atLineStart: number, interp?: boolean): void => {
    tokens.push(interp ? { t, v, line: atLine, column: at - atLineStart + 1, interp } : { t, v, line: atLine, column: at - atLineStart + 1 });
  };
  /** Advances over text[from, to), counting newlines. */
  const skipTo = (to: number): void => {
    for (let j = i; j < to; j++) {
      if (text.charCodeAt(j) === 10) {
        line += 1;
        lineStart = j + 1;
      }
    }
    i = to;
  };
  while (i < n) {
    const before = i;
    const c = text.charCodeAt(i);
    const ch = text[i] ?? '';
    if (c === 10) {
      push('nl', '\n', i, line, lineStart);
      line += 1;
      i += 1;
      lineStart = i;
    } else if (c === 32 || c === 9 || c === 13 || c === 0xfeff) {
      i += 1;
    } else if ((ch === '/' && text[i + 1] === '/') || (options.hcl && ch === '#')) {
      skipTo(lineEnd(text, i));
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) {
        problem ??= `an unterminated /* comment starts on line ${line}`;
      }
      skipTo(end < 0 ? n : end + 2);
    } else if (options.hcl && ch === '<' && text[i + 1] === '<' && /^<<-?[A-Za-z_]/.test(text.slice(i, i + 4))) {
      const [at, atLine, atStart] = [i, line, lineStart];
      const end = heredocEnd(text, i);
      if (end < 0) {
        problem ??= `the heredoc on line ${line} has no closing marker`;
      }
      skipTo(end < 0 ? n : end);
      push('str', '', at, atLine, atStart, true);
    } else if (!options.hcl && text.startsWith("'''", i)) {
      const [at, atLine, atStart] = [i, line, lineStart];
      const end = text.indexOf("'''", i + 3);
      if (end < 0) {
        problem ??= `an unterminated ''' string starts on line ${line}`;
      }
      skipTo(end < 0 ? n : end + 3);
      push('str', text.slice(at + 3, end < 0 ? n : end), at, atLine, atStart);
    } else if (ch === options.quote) {
      const at = i;
      const [atLine, atStart] = [line, lineStart];
      const { end, interp, closed } = scanString(text, i + 1, options.quote);
      if (!closed) {
        problem ??= `an unterminated string starts on line ${atLine}`;
      }
      const raw = text.slice(i + 1, closed ? end - 1 : end);
      skipTo(end);
      push('str', raw, at, atLine, atStart, interp);
    } else if (isIdStart(c) || isDigit(c)) {
      const number = isDigit(c);
      let j = i + 1;
      while (j < n && (number ? isDigit(text.charCodeAt(j)) || text[j] === '.' : isIdPart(text.charCodeAt(j)))) {
        j++;
      }
      push(number ? 'num' : 'id', text.slice(i, j), i, line, lineStart);
      i = j;
    } else {
      push('punct', ch, i, line, lineStart);
      i += 1;
    }
    moved(before, i, 'the tokenizer');
  }
  return problem === undefined ? { tokens } : { tokens, problem };
}

/** The index after a heredoc's closing marker line (`<<EOT` … `EOT`), or -1 when it has none. */
function heredocEnd(text: string, from: number): number {
  const marker = /^<<-?([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(from, from + 80))?.[1] ?? '';
  const close = new RegExp(`\\n[ \\t]*${marker}[ \\t]*(?=\\r?\\n|$)`, 'g');
  close.lastIndex = from;
  const found = close.exec(text);
  return found ? found.index + found[0].length : -1;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** An open string (its quote is the lexer's) or an open `${…}` with its brace depth. */
type Frame = { readonly k: 'str' } | { k: 'interp'; depth: number };

/**
 * From just after an opening quote: the index after the closing quote, skipping escapes and
 * `${…}` (nested braces, strings inside, interpolations inside those). Iterative with an explicit
 * stack, so `'${'${'${…` thousands deep cannot overflow the call stack.
 */
function scanString(text: string, from: number, quote: string): { end: number; interp: boolean; closed: boolean } {
  const stack: Frame[] = [{ k: 'str' }];
  let i = from;
  let interp = false;
  const n = text.length;
  try {
    while (i < n) {
      const before = i;
      const top = stack[stack.length - 1];
      const ch = text[i];
      if (top?.k !== 'interp') {
        if (ch === '\\') {
          i += 2;
        } else if (ch === quote) {
          stack.pop();
          i += 1;
          if (stack.length === 0) {
            return { end: i, interp, closed: true };
          }
        } else if (ch === '\n' && quote === "'") {
          // A Bicep string ends at the line's end; a newline inside one is an error.
          return { end: i, interp, closed: false };
        } else if ((ch === '$' || ch === '%') && text[i + 1] === '{') {
          interp = true;
          stack.push({ k: 'interp', depth: 1 });
          i += 2;
        } else {
          i += 1;
        }
      } else {
        if (ch === '{') {
          top.depth += 1;
        } else if (ch === '}') {
          top.depth -= 1;
          if (top.depth === 0) {
            stack.pop();
          }
        } else if (ch === quote) {
          stack.push({ k: 'str' });
        }
        i += 1;
      }
      if (i <= before) {
        stuck('a string');
      }
    }
    return { end: n, interp, closed: false };
  } finally {
    step(i - from);
  }
}
