/**
 * JSON with positions, comments and trailing commas (ARM allows both), read with `jsonc-parser`
 * (the VS Code team's parser): it recovers from errors, so a half-typed template keeps what it
 * still says. Object keys are lower-cased, since ARM property and parameter names are
 * case-insensitive. A linear pre-scan refuses nesting past MAX_DEPTH, because the parser recurses.
 */
import type { Node, ParseError } from 'jsonc-parser';
import { createScanner, parseTree, printParseErrorCode } from 'jsonc-parser';
import { moved } from './progress';

export type JsonNode =
  | { readonly type: 'object'; readonly line: number; readonly column: number; readonly props: ReadonlyMap<string, JsonProp> }
  | { readonly type: 'array'; readonly line: number; readonly column: number; readonly items: readonly JsonNode[] }
  | { readonly type: 'string'; readonly line: number; readonly column: number; readonly value: string }
  | { readonly type: 'other'; readonly line: number; readonly column: number };

export interface JsonProp {
  /** The key as written (the map is keyed by its lower-case form). */
  readonly key: string;
  readonly keyLine: number;
  readonly keyColumn: number;
  readonly node: JsonNode;
}

export const MAX_JSON_DEPTH = 200;

export interface JsonRead {
  readonly node?: JsonNode;
  /** The first syntax error, with its line, when the text is not well formed (the node holds what could be read). */
  readonly error?: string;
  /** Where that error is (1-based). */
  readonly errorAt?: { readonly line: number; readonly column: number };
}

export function parseJsonWithPositions(text: string): JsonRead {
  const tooDeep = depthPastCap(text);
  if (tooDeep) {
    return { error: `nesting deeper than ${MAX_JSON_DEPTH} levels on line ${tooDeep}`, errorAt: { line: tooDeep, column: 1 } };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  const lines = lineStarts(text);
  const at = (offset: number): { line: number; column: number } => position(lines, offset);
  const first = errors[0];
  const errorAt = first ? at(first.offset) : undefined;
  const error = first && errorAt ? `${describe(printParseErrorCode(first.error))} on line ${errorAt.line}` : undefined;
  const node = root ? convert(root, at) : undefined;
  return { ...(node ? { node } : {}), ...(error ? { error } : {}), ...(errorAt ? { errorAt } : {}) };
}

/** jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read). */
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

/** The line where nesting first passes the cap, or 0: one linear pass over the tokens. */
function depthPastCap(text: string): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    moved(-1, scanner.getPosition(), 'the JSON depth check');
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) {
        return scanner.getTokenStartLine() + 1;
      }
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
    }
  }
  return 0;
}

function convert(node: Node, at: (offset: number) => { line: number; column: number }): JsonNode {
  const { line, column } = at(node.offset);
  switch (node.type) {
    case 'object': {
      const props = new Map<string, JsonProp>();
      for (const p of node.children ?? []) {
        const [keyNode, valueNode] = p.children ?? [];
        if (keyNode?.type === 'string' && valueNode) {
          const key = String(keyNode.value);
          const k = at(keyNode.offset);
          props.set(key.toLowerCase(), { key, keyLine: k.line, keyColumn: k.column, node: convert(valueNode, at) });
        }
      }
      return { type: 'object', line, column, props };
    }
    case 'array':
      return { type: 'array', line, column, items: (node.children ?? []).map((item) => convert(item, at)) };
    case 'string':
      return { type: 'string', line, column, value: String(node.value) };
    default:
      return { type: 'other', line, column };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

/** 1-based line and column of an offset (binary search over the line starts). */
function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
}

/** "CommaExpected" → "a comma expected". */
function describe(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.startsWith('<') ? 'a syntax error' : `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words.replace(/ expected$/, '')}${words.endsWith(' expected') ? ' was expected' : ''}`;
}
