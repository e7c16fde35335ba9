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

/**
 * The largest file the JavaScript (danfo) backend reads, in bytes, after decompression. It holds
 * a whole file in memory as JavaScript values, about 18 times its size (a 111 MB CSV took 2 GB):
 * without a bound one request could take the process's memory. DuckDB streams and spills instead.
 */
export const MAX_DANFO_INPUT_BYTES = 64 * 1024 * 1024;
