/**
 * Loads danfojs-node on first use only: it takes about a second to load (it pulls in TensorFlow),
 * which no process that never runs the danfo backend should pay.
 */
import { engineError } from '@pipeline/engine-core';

/** The part of a danfo DataFrame the backend uses. */
export interface DanfoFrame {
  readonly shape: [number, number];
  readonly columns: string[];
  /** Column-major copy of the data. */
  readonly getColumnData: unknown[][];
  iloc(args: { rows?: number[]; columns?: number[] }): DanfoFrame;
}

/** The part of danfojs-node the backend uses. */
export interface DanfoModule {
  DataFrame: new (data: unknown[][], options: { columns: string[] }) => DanfoFrame;
}

let loaded: DanfoModule | undefined;

/** danfojs-node, loaded once. */
export function loadDanfo(): DanfoModule {
  if (loaded === undefined) {
    try {
      loaded = require('danfojs-node') as DanfoModule;
    } catch (e) {
      throw engineError('E_EXECUTION', { problem: `cannot load danfojs-node: ${(e as Error).message}` }, { cause: e });
    }
  }
  return loaded;
}

/** True once danfojs-node has been loaded in this process (for tests of the lazy load). */
export function isDanfoLoaded(): boolean {
  return loaded !== undefined;
}
