/** Sizes as DuckDB reads them (`512MB`, `2GiB`): KB, MB, GB and TB are powers of 1000, KiB to TiB powers of 1024. */

const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

/** The bytes of a size such as `512MB`; RangeError for anything else. */
export function sizeBytes(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text);
  const unit = match === null ? undefined : UNITS[match[2].toLowerCase()];
  if (match === null || unit === undefined) throw new RangeError(`invalid size "${text}": expected a size such as 512MB or 2GB`);
  return Math.floor(Number(match[1]) * unit);
}
