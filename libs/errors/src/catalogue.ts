/**
 * `defineErrorCatalogue`: the one way a library declares its errors. Each entry has a stable
 * code, a one-sentence meaning (for the docs table), a message builder and what goes into the
 * structured details; `public: false` marks codes that only signal a bug or an internal state
 * (apps answer them as 500 / INTERNAL and never need to map them).
 */
import { boundErrorMessage } from './bound-message';
import type { ErrorDetails } from './details';
import { scrubDataRoots, scrubValue } from './scrub';

/**
 * The one code scheme: upper snake case, `<PREFIX>_<NAME>`, the prefix naming the catalogue
 * (`JOB_QUEUE_FULL`, `SESSION_NOT_FOUND`, `E_FILE_NOT_FOUND`). Contract labels such as
 * validation's `V-001` are part of messages, not codes.
 */
export const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/** One entry of a catalogue: what the code means and how its message and details are built. */
export interface ErrorEntry<Args = never> {
  /** One sentence saying when this error happens (the docs table). */
  readonly meaning: string;
  /** Builds the message from the arguments; it names the asset, field, job... concerned. */
  readonly message: (args: Args) => string;
  /** The structured details; by default the arguments themselves (when they are an object). */
  readonly details?: (args: Args) => ErrorDetails;
  /** False for codes that signal a bug or an internal state: apps need not map them. Default true. */
  readonly public?: boolean;
}

/** The arguments an entry's message builder takes. */
export type ErrorArgs<E> = E extends { message: (args: infer A) => string } ? A : never;

/** Codes of `Entries` that apps must map (every entry not marked `public: false`). */
export type PublicCodeOf<Entries> = {
  [K in keyof Entries]: Entries[K] extends { public: false } ? never : K;
}[keyof Entries] &
  string;

/** A `cause` kept as plain data (its name and scrubbed message; a catalogue error keeps its code). */
export interface PlainCause {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** A catalogue error as plain, structured-clone-safe data (what crosses a worker-thread boundary). */
export interface PlainError {
  /** The catalogue's error name (`JobsError`). */
  readonly catalogue: string;
  readonly code: string;
  readonly message: string;
  readonly details: ErrorDetails;
  readonly cause?: PlainCause;
}

/** Every error built by a catalogue: stable `code`, scrubbed message, structured `details`. */
export class CatalogueError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly details: ErrorDetails;
  /** The name of the catalogue that defined the code (also `name`). */
  readonly catalogue: string;

  constructor(catalogue: string, code: Code, message: string, details: ErrorDetails = {}, options?: { cause?: unknown }) {
    super(boundErrorMessage(scrubDataRoots(message)), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = catalogue;
    this.catalogue = catalogue;
    this.code = code;
    this.details = (scrubValue(details) ?? {}) as ErrorDetails;
  }

  /** This error as plain data (see `toPlainError`). */
  toPlain(): PlainError {
    const cause = plainCause(this.cause);
    return {
      catalogue: this.catalogue,
      code: this.code,
      message: scrubDataRoots(this.message),
      details: (scrubValue(this.details) ?? {}) as ErrorDetails,
      ...(cause ? { cause } : {}),
    };
  }
}

/** Options of `create`: the underlying failure, kept as `cause`. */
export interface CreateOptions {
  readonly cause?: unknown;
}

type CreateArgs<E> = [ErrorArgs<E>] extends [never]
  ? [args?: undefined, options?: CreateOptions]
  : undefined extends ErrorArgs<E>
    ? [args?: ErrorArgs<E>, options?: CreateOptions]
    : [args: ErrorArgs<E>, options?: CreateOptions];

/** A defined catalogue: its codes, a typed `create`, a guard and the plain-data round trip. */
export interface ErrorCatalogue<Entries extends Record<string, ErrorEntry<never>>> {
  /** The error name every error of this catalogue carries (`JobsError`). */
  readonly name: string;
  /** The code prefix (`JOB`). */
  readonly prefix: string;
  /** The entries as defined. */
  readonly entries: Entries;
  /** Every code, in definition order. */
  readonly codes: readonly (keyof Entries & string)[];
  /** The codes apps must map, in definition order. */
  readonly publicCodes: readonly PublicCodeOf<Entries>[];
  /** Builds the error for `code` from the entry's arguments. */
  create<C extends keyof Entries & string>(code: C, ...args: CreateArgs<Entries[C]>): CatalogueError<C>;
  /** True for errors of this catalogue (also ones rebuilt from plain data, or from another copy of the module). */
  is(value: unknown): value is CatalogueError<keyof Entries & string>;
  /** True when `code` is a code of this catalogue. */
  has(code: string): code is keyof Entries & string;
  /** Rebuilds an error of this catalogue from its parts (the message is kept, not rebuilt). */
  rebuild<C extends keyof Entries & string>(code: C, message: string, details?: ErrorDetails, options?: CreateOptions): CatalogueError<C>;
  /** The docs table: one markdown row `| code | meaning |` per code. */
  markdownTable(): string;
}

/** Catalogues defined in this thread, by name, so that `fromPlainError` can rebuild any of them. */
const registry = new Map<string, ErrorCatalogue<Record<string, ErrorEntry<never>>>>();

/**
 * Defines a catalogue. Throws at definition time when a code breaks the scheme or the prefix, or
 * when the name is already taken by another catalogue (a guard test in each library calls it).
 */
export function defineErrorCatalogue<const Entries extends Record<string, ErrorEntry<never>>>(definition: {
  /** The error name (`JobsError`), also the key of the catalogue in plain data. */
  readonly name: string;
  /** The code prefix every code starts with, followed by `_`. */
  readonly prefix: string;
  readonly entries: Entries;
}): ErrorCatalogue<Entries> {
  const { name, prefix, entries } = definition;
  type Code = keyof Entries & string;
  const codes = Object.keys(entries) as Code[];
  for (const code of codes) {
    if (!ERROR_CODE_PATTERN.test(code) || !code.startsWith(`${prefix}_`)) {
      throw new Error(`error catalogue ${name}: code ${code} does not follow the scheme ${prefix}_NAME (upper snake case)`);
    }
    if (entries[code].meaning.trim() === '') throw new Error(`error catalogue ${name}: code ${code} has no meaning`);
  }
  const publicCodes = codes.filter((code) => entries[code].public !== false) as PublicCodeOf<Entries>[];
  const has = (code: string): code is Code => Object.hasOwn(entries, code);

  const catalogue: ErrorCatalogue<Entries> = {
    name,
    prefix,
    entries,
    codes,
    publicCodes,
    create(code, ...rest) {
      const [args, options] = rest as [unknown, CreateOptions | undefined];
      const entry = entries[code] as unknown as ErrorEntry<unknown>;
      const details = entry.details ? entry.details(args) : isRecord(args) ? (args as ErrorDetails) : {};
      return new CatalogueError(name, code, entry.message(args), details, options);
    },
    is(value): value is CatalogueError<Code> {
      // By shape, so that an error from another copy of a library (a second bundle) still counts.
      const owner = value instanceof Error ? ((value as { catalogue?: unknown }).catalogue ?? value.name) : undefined;
      return (
        owner === name &&
        typeof (value as { code?: unknown }).code === 'string' &&
        has((value as unknown as { code: string }).code)
      );
    },
    has,
    rebuild(code, message, details = {}, options) {
      return new CatalogueError(name, code, message, details, options);
    },
    markdownTable() {
      return codes.map((code) => `| \`${code}\` | ${entries[code].meaning} |`).join('\n');
    },
  };
  const existing = registry.get(name);
  if (existing && existing.prefix !== prefix) throw new Error(`error catalogue name ${name} is already defined with prefix ${existing.prefix}`);
  registry.set(name, catalogue as unknown as ErrorCatalogue<Record<string, ErrorEntry<never>>>);
  return catalogue;
}

/** The catalogue of failures that no library catalogue describes (a bug, a thrown non-error). */
export const internalErrors = defineErrorCatalogue({
  name: 'InternalError',
  prefix: 'INTERNAL',
  entries: {
    INTERNAL_UNEXPECTED: {
      meaning: 'An unexpected failure that no catalogue describes (a bug); its message is the original one, scrubbed.',
      message: (a: { message: string }) => a.message,
      details: () => ({}),
      public: false,
    },
  },
});

/**
 * Turns any thrown value into plain data: a catalogue error keeps its catalogue, code, message,
 * details and cause; anything else becomes `fallback(e)` when given, else `INTERNAL_UNEXPECTED`.
 */
export function toPlainError(e: unknown, fallback?: (e: unknown) => CatalogueError): PlainError {
  if (e instanceof CatalogueError) return e.toPlain();
  if (isPlainErrorShape(e) && e instanceof Error) {
    // A catalogue error from another copy of this module (a second bundle in the same thread).
    const copy = e as Error & PlainError;
    return new CatalogueError(copy.catalogue, copy.code, copy.message, copy.details, { cause: copy.cause }).toPlain();
  }
  if (fallback) return fallback(e).toPlain();
  const message = e instanceof Error ? e.message : String(e);
  return internalErrors.create('INTERNAL_UNEXPECTED', { message }, { cause: e }).toPlain();
}

/**
 * Rebuilds an error from `toPlainError` output: an error of its catalogue when that catalogue is
 * defined in this thread and knows the code, else `INTERNAL_UNEXPECTED` with the same message.
 */
export function fromPlainError(plain: PlainError): CatalogueError {
  const catalogue = registry.get(plain.catalogue);
  const details = isRecord(plain.details) ? plain.details : {};
  const cause = plain.cause ? Object.assign(new Error(plain.cause.message), { name: plain.cause.name, ...(plain.cause.code ? { code: plain.cause.code } : {}) }) : undefined;
  const options = cause ? { cause } : undefined;
  if (catalogue && catalogue.has(plain.code)) return catalogue.rebuild(plain.code, plain.message, details, options);
  return internalErrors.rebuild('INTERNAL_UNEXPECTED', plain.message, details, options);
}

/** True when `value` has the shape of `PlainError` (checked before rebuilding data from a thread). */
export function isPlainError(value: unknown): value is PlainError {
  return isPlainErrorShape(value);
}

function isPlainErrorShape(value: unknown): value is PlainError {
  if (!isRecord(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v['catalogue'] === 'string' && typeof v['code'] === 'string' && typeof v['message'] === 'string' && isRecord(v['details']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plainCause(cause: unknown): PlainCause | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return { name: cause.name, message: scrubDataRoots(cause.message), ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: scrubDataRoots(String(cause)) };
}
