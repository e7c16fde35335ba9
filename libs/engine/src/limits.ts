/**
 * Limits the engine applies to the data it reads, the same on both backends, so that a file
 * gets the same clear error whichever backend reads it.
 */

/**
 * The longest CSV line, in bytes. DuckDB needs a bound to size its read buffers; the service
 * states its own (DuckDB's default) rather than quote DuckDB's advice to raise a setting a
 * pipeline author cannot change.
 */
export const MAX_CSV_LINE_BYTES = 2_000_000;
