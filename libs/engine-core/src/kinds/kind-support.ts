/**
 * Which transformation kinds a backend runs. Each backend keeps one table with an entry for every
 * transformation kind of the definition catalogue: its implementation, or `unsupported(...)`.
 * The table's type makes a kind a backend forgets a compile error; an unsupported kind is refused
 * at validation (V-014) instead of failing half-way through a run.
 */
import type { TransformationKind } from '@pipeline/definition';

/** The entry of a kind a backend does not run, with the reason users are told. */
export interface Unsupported {
  readonly unsupported: string;
}

/** Marks a kind a backend does not run; `reason` completes "not supported by backend X: ...". */
export function unsupported(reason: string): Unsupported {
  return { unsupported: reason };
}

/** True for an `unsupported(...)` entry. */
export function isUnsupported(entry: unknown): entry is Unsupported {
  return typeof entry === 'object' && entry !== null && typeof (entry as Partial<Unsupported>).unsupported === 'string';
}

/** A backend's kind table reduced to what validation needs: `true`, or the reason it is refused. */
export type KindSupport = { readonly [K in TransformationKind]: true | Unsupported };

/** The support of every kind of a backend's kind table. */
export function kindSupportOf(table: { readonly [K in TransformationKind]: unknown }): KindSupport {
  const support: Partial<Record<TransformationKind, true | Unsupported>> = {};
  for (const kind of Object.keys(table) as TransformationKind[]) {
    const entry = table[kind];
    support[kind] = isUnsupported(entry) ? entry : true;
  }
  return support as KindSupport;
}
