/**
 * Test support for the Spark parity suites: one YAML pipeline run on a backend over fresh files,
 * its CSV output read back as cells (Spark's part files joined), and the V-014 a submission on
 * Spark is refused with, checked as a job submission checks it.
 */
import { planPipeline } from '@pipeline/planner';
import type { ValidationError } from '@pipeline/validation';
import { makeTempRoot, plan } from '@pipeline/engine-core/testing';
import { checkBackendSupport, executePlan, type BackendName } from '../../index';
import { readSparkCsv, sparkConfig } from './spark-output';
import { unsignedNan } from '../../__fixtures__/nan-sign';

/** The output's rows as cells (header first; a NaN's sign dropped), or the failure's code and message. */
export type RunOutcome = { readonly rows: string[][] } | { readonly error: string; readonly message: string; readonly files: string[] };

/** Splits CSV text into cells (quoted cells with commas, quotes and newlines kept whole). */
export function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Runs `yaml` on `backend` over `files` (written into a fresh data root), reading `output` back. */
export async function runOn(backend: BackendName, yaml: string, files: Readonly<Record<string, string>>, output = 'out.csv'): Promise<RunOutcome> {
  const root = makeTempRoot();
  try {
    for (const [name, text] of Object.entries(files)) root.write(name, text);
    await executePlan(plan(yaml), backend === 'spark' ? { ...sparkConfig(root.dir), backend } : { dataRoot: root.dir, backend });
    const text = backend === 'spark' ? readSparkCsv(`${root.dir}/${output}`) : root.read(output);
    return { rows: csvCells(text).map((row) => row.map(unsignedNan)) };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { error: code ?? 'ERROR', message, files: root.files() };
  } finally {
    root.cleanup();
  }
}

/** The V-014 (or other validation error) a submission of `yaml` on Spark is refused with, or undefined. */
export function sparkRefusal(yaml: string): ValidationError | undefined {
  const planned = planPipeline(yaml, {});
  if (!planned.ok) return planned.error;
  return checkBackendSupport(planned.pipeline.assets, 'spark');
}

/** Queues a task; an urgent one goes before the waiting ones. */
export interface RunQueue {
  <T>(task: () => Promise<T>, urgent?: boolean): Promise<T>;
  /** Drops the tasks not started (their promises never settle) and waits for the running ones. */
  drain(): Promise<void>;
}

/**
 * Runs at most `limit` queued tasks at once, in the order queued. The parity suites queue every
 * run of a suite when its first test starts, so the next runs are under way while a test awaits
 * its own: a Spark job of a few rows waits on the driver more than it computes. A suite drains
 * its queue after its tests, so that a run filtered by `-t` does not go on with the others' runs.
 */
export function runQueue(limit: number): RunQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const next = (): void => {
    if (running < limit) waiting.shift()?.();
    if (running === 0) idle.splice(0).forEach((wake) => wake());
  };
  const queue = <T>(task: () => Promise<T>, urgent = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = (): void => {
        running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      };
      if (urgent) waiting.unshift(start);
      else waiting.push(start);
      next();
    });
  return Object.assign(queue, {
    drain: (): Promise<void> => {
      waiting.length = 0;
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        next();
      });
    },
  });
}
