/** Seeded random draws for the sample service: same seed, same draws. */
/** mulberry32: tiny, fast, good enough for test data; never for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
/** n distinct items (at least 1), in random order; partial Fisher-Yates over an index copy. */
export function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const k = Math.max(1, Math.min(n, items.length));
  if (k === items.length) {
    return items.slice();
  }
  const out: T[] = [];
  const taken = new Set<number>();
  while (out.length < k) {
    const i = Math.floor(rng() * items.length);
    if (!taken.has(i)) {
      taken.add(i);
      out.push(items[i] as T);
    }
  }
  return out;
}

/** Stable GUIDs for a seed (version-4 layout), used for default subscription and tenant ids. */
export function generateGuids(seed: number, count: number): string[] {
  const rng = mulberry32(seed ^ 0x5eed5eed);
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');
  return Array.from(
    { length: count },
    () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(rng, ['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  );
}
