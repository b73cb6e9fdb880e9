/**
 * A plain-JavaScript checker compiled once from a zod schema, for the large, hot response bodies
 * (event pages): it accepts a value only when zod would accept it unchanged, so the caller can keep
 * the parsed JSON as is and skip zod's copy of every object. Anything it is unsure of goes to zod,
 * which then decides and words the error. Supported: loose objects (unknown keys kept), optional,
 * nullable, string, boolean, number (plain or safe integer), arrays, open enums (unions of an enum
 * and a string), string-keyed records of unknown, unknown. Any other construct (a strip object, a
 * refinement, a transform, a string check) makes the compile return undefined: zod only.
 */
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compiles `schema`, or returns undefined when it holds anything this checker does not cover. */
export function compileFastCheck(schema: z.ZodType): Check | undefined {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'string':
      return def.checks?.length ? undefined : (v) => typeof v === 'string';
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number':
      return numberCheck(def);
    case 'optional':
    case 'nullable':
      return wrapped(def);
    case 'array':
      return arrayCheck(def);
    case 'object':
      return objectCheck(def);
    case 'record':
      return recordCheck(def);
    case 'enum':
      return enumCheck(def);
    case 'union':
      return unionCheck(def);
    default:
      return undefined;
  }
}

function numberCheck(def: Def): Check | undefined {
  const checks = def.checks ?? [];
  if (checks.length === 0) {
    return (v) => typeof v === 'number' && Number.isFinite(v);
  }
  const only = checks.length === 1 ? checks[0]?._zod.def : undefined;
  return only?.check === 'number_format' && only.format === 'safeint' ? (v) => Number.isSafeInteger(v) : undefined;
}

function wrapped(def: Def): Check | undefined {
  const inner = def.innerType && compileFastCheck(def.innerType);
  if (!inner) return undefined;
  return def.type === 'optional' ? (v) => v === undefined || inner(v) : (v) => v === null || inner(v);
}

function arrayCheck(def: Def): Check | undefined {
  const element = def.element && compileFastCheck(def.element);
  return element ? (v) => Array.isArray(v) && v.every(element) : undefined;
}

function objectCheck(def: Def): Check | undefined {
  // Only loose objects keep unknown keys; a strip or strict object changes or rejects them.
  if (!def.shape || !def.catchall || (def.catchall as unknown as { _zod: { def: Def } })._zod.def.type !== 'unknown') {
    return undefined;
  }
  const fields: Array<[string, Check]> = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = compileFastCheck(field);
    if (!check) return undefined;
    fields.push([key, check]);
  }
  return (v) => {
    if (!isObject(v)) return false;
    for (const [key, check] of fields) {
      if (!check(v[key])) return false;
    }
    return true;
  };
}

function recordCheck(def: Def): Check | undefined {
  const key = def.keyType && (def.keyType as unknown as { _zod: { def: Def } })._zod.def;
  const value = def.valueType && (def.valueType as unknown as { _zod: { def: Def } })._zod.def;
  // z.record(z.string(), z.unknown()) only: any other key or value type goes to zod.
  return key?.type === 'string' && !key.checks?.length && value?.type === 'unknown' ? isObject : undefined;
}

function enumCheck(def: Def): Check | undefined {
  const values = new Set(Object.values(def.entries ?? {}));
  return values.size > 0 ? (v) => values.has(v) : undefined;
}

function unionCheck(def: Def): Check | undefined {
  const options = (def.options ?? []).map((o) => compileFastCheck(o));
  if (options.length === 0 || options.some((o) => o === undefined)) return undefined;
  const checks = options as Check[];
  return (v) => checks.some((c) => c(v));
}
