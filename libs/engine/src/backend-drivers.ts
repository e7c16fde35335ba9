/** The table of execution backends: one line per backend, and how a request's backend string is read. */
import { type BackendDriver, DEFAULT_BACKEND, type BackendName, unknownBackend } from '@pipeline/engine-core';
import { danfoDriver } from '@pipeline/engine-danfo';
import { duckDbDriver } from '@pipeline/engine-duckdb';
import { sparkDriver } from '@pipeline/engine-spark';

/** A driver table over the names `Names`: every name has the driver of that name. */
export type BackendDriverTable<Names extends string = BackendName> = { readonly [N in Names]: BackendDriver & { readonly name: N } };

/** Every backend's driver, default first. */
export const BACKEND_DRIVERS = {
  duckdb: duckDbDriver,
  danfo: danfoDriver,
  spark: sparkDriver,
} as const satisfies BackendDriverTable;

/** Every backend name, default first. */
export const BACKEND_NAMES: readonly BackendName[] = Object.keys(BACKEND_DRIVERS) as BackendName[];

/** Reads a request's backend string: absent or `""` means duckdb; anything unknown is E_UNKNOWN_BACKEND. */
export function parseBackendName(name: string | undefined | null): BackendName {
  if (name === undefined || name === null || name === '') return DEFAULT_BACKEND;
  if (Object.prototype.hasOwnProperty.call(BACKEND_DRIVERS, name)) return name as BackendName;
  throw unknownBackend(name, BACKEND_NAMES);
}

/** The driver of a backend. */
export function backendDriver(name: BackendName): BackendDriver {
  return BACKEND_DRIVERS[name];
}
