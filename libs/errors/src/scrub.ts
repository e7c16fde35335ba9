/**
 * The single place that keeps absolute data-root paths out of error messages and details: a
 * client sees paths relative to the data root (`out/x.csv`), and the root itself as `<data root>`.
 * Every catalogue error is scrubbed when it is built and again when it becomes plain data.
 */

/** Absolute data-root paths registered in this thread; longest first. */
let roots: string[] = [];

/**
 * Registers a data root whose absolute path must never appear in an error (as configured and as
 * its canonical path: register both). Per thread; registering again is harmless.
 */
export function registerDataRoot(absolutePath: string): void {
  const trimmed = absolutePath.replace(/[\\/]+$/, '');
  if (trimmed === '' || roots.includes(trimmed)) return;
  roots = [...roots, trimmed].sort((a, b) => b.length - a.length);
}

/** Forgets every registered data root (tests only). */
export function clearDataRoots(): void {
  roots = [];
}

/** `text` with every registered data root removed (`/srv/data/out/x.csv` -> `out/x.csv`, the root itself -> `<data root>`). */
export function scrubDataRoots(text: string): string {
  let out = text;
  for (const root of roots) {
    if (!out.includes(root)) continue;
    out = out.split(`${root}/`).join('').split(`${root}\\`).join('').split(root).join('<data root>');
  }
  return out;
}

/**
 * `value` as JSON-safe data with every string scrubbed: bigints become decimal strings, functions
 * and symbols are dropped, cycles are cut. Used for details, which cross threads as plain data.
 */
export function scrubValue(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return scrubDataRoots(v);
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v !== 'object') return undefined;
    if (seen.has(v)) return undefined;
    seen.add(v);
    if (Array.isArray(v)) return v.map((item) => visit(item) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      const safe = visit(item);
      if (safe !== undefined) out[key] = safe;
    }
    return out;
  };
  return visit(value);
}
