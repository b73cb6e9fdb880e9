/** A plain-JavaScript checker compiled once from a zod schema, for the large, hot response bodies (event pages). Why: docs/architecture.md#model-fastcheck */
import type * as z from 'zod';

type Check = (value: unknown) => boolean;

interface Def {
  readonly type: string;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly checks?: ReadonlyArray<{ readonly _zod: { readonly def: { readonly check?: string; readonly format?: string } } }>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const IS_OBJECT = (v: string): string => `(typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v}))`;

/** Compiles `schema`, or returns undefined when it holds anything this checker does not cover. */
export function compileFastCheck(schema: z.ZodType): Check | undefined {
  const program = new Program();
  const top = program.expression(schema, 'value');
  if (top === undefined) {
    return undefined;
  }
  const source = `"use strict";\n${program.functions.join('\n')}\nreturn (value) => ${top};`;
  return new Function('sets', source)(program.sets) as Check;
}

/** The generated functions and the enum value sets they read, built while walking a schema. */
class Program {
  readonly functions: string[] = [];
  readonly sets: ReadonlySet<unknown>[] = [];
  private readonly names = new Map<string, string>();

  /** A boolean expression checking the variable `v` against `schema`, or undefined when not covered. */
  expression(schema: z.ZodType, v: string): string | undefined {
    const def = defOf(schema);
    switch (def.type) {
      case 'unknown':
        return 'true';
      case 'string':
        return def.checks?.length ? undefined : `typeof ${v} === "string"`;
      case 'boolean':
        return `typeof ${v} === "boolean"`;
      case 'number':
        return numberExpression(def, v);
      case 'optional':
      case 'nullable': {
        const inner = def.innerType && this.expression(def.innerType, v);
        return inner && `(${v} === ${def.type === 'optional' ? 'undefined' : 'null'} || ${inner})`;
      }
      case 'array':
        return this.call(this.arrayFunction(def), v);
      case 'object':
        return this.call(this.objectFunction(def), v);
      case 'record':
        return recordExpression(def, v);
      case 'enum':
        return this.enumExpression(def, v);
      case 'union':
        return this.unionExpression(def, v);
      default:
        return undefined;
    }
  }

  private call(fn: string | undefined, v: string): string | undefined {
    return fn && `${fn}(${v})`;
  }

  /** Adds a function to the program, once per body; returns its name. */
  private add(params: string, body: string): string {
    const key = `${params}|${body}`;
    let name = this.names.get(key);
    if (name === undefined) {
      name = `f${this.functions.length}`;
      this.functions.push(`function ${name}(${params}) {\n${body}\n}`);
      this.names.set(key, name);
    }
    return name;
  }

  private unionExpression(def: Def, v: string): string | undefined {
    const options = def.options ?? [];
    // An open enum (an enum of strings or any string) is any string: no lookup in the enum's values.
    const anyString = options.some((o) => defOf(o).type === 'string' && !defOf(o).checks?.length);
    const covered = (o: z.ZodType): boolean => anyString && defOf(o).type === 'enum' && Object.values(defOf(o).entries ?? {}).every((e) => typeof e === 'string');
    const checks = options.filter((o) => !covered(o)).map((o) => this.expression(o, v));
    return checks.length > 0 && checks.every((c) => c !== undefined) ? `(${checks.join(' || ')})` : undefined;
  }

  private arrayFunction(def: Def): string | undefined {
    const element = def.element && this.expression(def.element, 'x');
    if (element === undefined) return undefined;
    return this.add('a', `  if (!Array.isArray(a)) return false;\n  for (let i = 0; i < a.length; i++) {\n    const x = a[i];\n    if (!(${element})) return false;\n  }\n  return true;`);
  }

  private objectFunction(def: Def): string | undefined {
    // Only loose objects keep unknown keys; a strip or strict object changes or rejects them.
    if (!def.shape || !def.catchall || defOf(def.catchall).type !== 'unknown') {
      return undefined;
    }
    const lines = [`  if (!${IS_OBJECT('o')}) return false;`, '  let x;'];
    for (const [key, field] of Object.entries(def.shape)) {
      const check = this.expression(field, 'x');
      if (check === undefined) return undefined;
      if (check !== 'true') lines.push(`  x = o[${JSON.stringify(key)}];`, `  if (!(${check})) return false;`);
    }
    lines.push('  return true;');
    return this.add('o', lines.join('\n'));
  }

  private enumExpression(def: Def, v: string): string | undefined {
    const values = new Set(Object.values(def.entries ?? {}));
    if (values.size === 0) return undefined;
    return `sets[${this.sets.push(values) - 1}].has(${v})`;
  }
}

function numberExpression(def: Def, v: string): string | undefined {
  const checks = def.checks ?? [];
  if (checks.length === 0) {
    return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
  }
  const only = checks.length === 1 ? checks[0]?._zod.def : undefined;
  return only?.check === 'number_format' && only.format === 'safeint' ? `Number.isSafeInteger(${v})` : undefined;
}

function recordExpression(def: Def, v: string): string | undefined {
  const key = def.keyType && defOf(def.keyType);
  const value = def.valueType && defOf(def.valueType);
  // z.record(z.string(), z.unknown()) only: any other key or value type goes to zod.
  return key?.type === 'string' && !key.checks?.length && value?.type === 'unknown' ? IS_OBJECT(v) : undefined;
}
