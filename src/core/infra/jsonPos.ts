/**
 * JSON with positions (and // and /* comments, as ARM templates allow): JSON.parse gives no line
 * numbers. Never throws: a syntax error or nesting past MAX_DEPTH comes back as `error`.
 */

import { moved, ReaderStuck } from './progress';

export type JsonNode =
  | { readonly type: 'object'; readonly line: number; readonly column: number; readonly props: ReadonlyMap<string, JsonProp> }
  | { readonly type: 'array'; readonly line: number; readonly column: number; readonly items: readonly JsonNode[] }
  | { readonly type: 'string'; readonly line: number; readonly column: number; readonly value: string }
  | { readonly type: 'other'; readonly line: number; readonly column: number };

export interface JsonProp {
  readonly keyLine: number;
  readonly keyColumn: number;
  readonly node: JsonNode;
}

const MAX_DEPTH = 200;

class JsonSyntax extends Error {}

export function parseJsonWithPositions(text: string): { node?: JsonNode; error?: string } {
  const p = new Parser(text);
  try {
    p.ws();
    const node = p.value(0);
    p.ws();
    if (p.i < text.length) {
      p.fail('unexpected text after the end');
    }
    return { node };
  } catch (error) {
    if (error instanceof ReaderStuck) {
      throw error;
    }
    return { error: error instanceof JsonSyntax ? error.message : 'unreadable JSON' };
  }
}

class Parser {
  i = 0;
  private line = 1;
  private lineStart = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new JsonSyntax(`${what} on line ${this.line}`);
  }

  ws(): void {
    const t = this.text;
    for (;;) {
      const c = t[this.i];
      if (c === '\n') {
        this.line++;
        this.i++;
        this.lineStart = this.i;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\ufeff') {
        this.i++;
      } else if (c === '/' && t[this.i + 1] === '/') {
        const end = t.indexOf('\n', this.i);
        this.i = end < 0 ? t.length : end;
      } else if (c === '/' && t[this.i + 1] === '*') {
        const end = t.indexOf('*/', this.i + 2);
        if (end < 0) {
          this.fail('an unterminated comment');
        }
        for (let j = this.i; j < end; j++) {
          if (t[j] === '\n') {
            this.line++;
            this.lineStart = j + 1;
          }
        }
        this.i = end + 2;
      } else {
        return;
      }
    }
  }

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) {
      this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    }
    const line = this.line;
    const column = this.i - this.lineStart + 1;
    const c = this.text[this.i];
    if (c === '{') {
      return { type: 'object', line, column, props: this.object(depth) };
    }
    if (c === '[') {
      return { type: 'array', line, column, items: this.array(depth) };
    }
    if (c === '"') {
      return { type: 'string', line, column, value: this.string() };
    }
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.i, this.i + 64));
    if (!m) {
      this.fail('unexpected character');
    }
    this.i += m[0].length;
    return { type: 'other', line, column };
  }

  private object(depth: number): Map<string, JsonProp> {
    const props = new Map<string, JsonProp>();
    this.i++;
    this.ws();
    while (this.text[this.i] !== '}') {
      const before = this.i;
      if (this.text[this.i] !== '"') {
        this.fail('expected a property name');
      }
      const keyLine = this.line;
      const keyColumn = this.i - this.lineStart + 1;
      const key = this.string();
      this.ws();
      if (this.text[this.i] !== ':') {
        this.fail('expected ":"');
      }
      this.i++;
      this.ws();
      props.set(key, { keyLine, keyColumn, node: this.value(depth + 1) });
      this.ws();
      if (this.text[this.i] === ',') {
        this.i++;
        this.ws();
      } else if (this.text[this.i] !== '}') {
        this.fail('expected "," or "}"');
      }
      moved(before, this.i, 'a JSON object');
    }
    this.i++;
    return props;
  }

  private array(depth: number): JsonNode[] {
    const items: JsonNode[] = [];
    this.i++;
    this.ws();
    while (this.text[this.i] !== ']') {
      const before = this.i;
      items.push(this.value(depth + 1));
      this.ws();
      if (this.text[this.i] === ',') {
        this.i++;
        this.ws();
      } else if (this.text[this.i] !== ']') {
        this.fail('expected "," or "]"');
      }
      moved(before, this.i, 'a JSON array');
    }
    this.i++;
    return items;
  }

  private string(): string {
    const t = this.text;
    let j = this.i + 1;
    let out = '';
    let from = j;
    while (j < t.length && t[j] !== '"') {
      if (t[j] === '\n') {
        this.fail('a line break inside a string');
      }
      if (t[j] === '\\') {
        out += t.slice(from, j);
        const e = t[j + 1] ?? '';
        if (e === 'u') {
          out += String.fromCharCode(parseInt(t.slice(j + 2, j + 6), 16) || 0);
          j += 6;
        } else {
          out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === 'b' ? '\b' : e === 'f' ? '\f' : e;
          j += 2;
        }
        from = j;
      } else {
        j++;
      }
    }
    if (j >= t.length) {
      this.fail('an unterminated string');
    }
    out += t.slice(from, j);
    this.i = j + 1;
    return out;
  }
}
