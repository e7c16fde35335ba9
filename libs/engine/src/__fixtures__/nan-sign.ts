/**
 * A NaN's sign is no part of its value (docs/language.md, known differences between the
 * backends): DuckDB prints the NaN an invalid operation gives (0 / 0, inf - inf) as `-nan`, the
 * sign bit x86 sets on it; JavaScript's and Spark's NaN have no sign to read. The parity suites
 * compare a NaN's text through this.
 */
export function unsignedNan<T extends string | null>(text: T): T {
  return (text === '-nan' ? 'nan' : text) as T;
}
