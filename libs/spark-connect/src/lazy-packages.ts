/**
 * The client's gRPC and Arrow packages, loaded on first use: together they cost about 190 ms of CPU
 * and 28 MB in each thread that loads them. Every job worker bundles this library for the Spark
 * backend, and paid both at start, before its first job, even when no job ever runs on Spark.
 */
import type * as Arrow from 'apache-arrow';
import type * as Grpc from 'nice-grpc';

let grpc: typeof Grpc | undefined;
let arrow: typeof Arrow | undefined;

/** nice-grpc (and @grpc/grpc-js under it), loaded once. */
export function loadGrpc(): typeof Grpc {
  return (grpc ??= require('nice-grpc') as typeof Grpc);
}

/** apache-arrow, loaded once. */
export function loadArrow(): typeof Arrow {
  return (arrow ??= require('apache-arrow') as typeof Arrow);
}
