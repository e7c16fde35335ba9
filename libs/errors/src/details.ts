/** Structured context of a catalogue error: where the problem is, as JSON-safe data. */
export interface ErrorDetails {
  /** The asset (`asset_ref`) concerned. */
  readonly asset?: string;
  /** The field of the asset or request concerned (`source.where.filter`, `variables`). */
  readonly field?: string;
  /** 1-based line in the pipeline document. */
  readonly line?: number;
  /** 1-based column in the line (or in the expression text); the engine puts a data column's name here. */
  readonly column?: number | string;
  /** Anything else a catalogue entry documents (job id, option name, limit...). */
  readonly [key: string]: unknown;
}
