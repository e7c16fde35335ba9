/** Test support: a fresh data root per test, fixtures written into it, pipelines planned from YAML. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planPipeline, type Plan } from '@pipeline/planner';

/** A temporary data root with helpers; `cleanup()` removes it. */
export interface TempRoot {
  readonly dir: string;
  write(rel: string, content: string | Buffer): string;
  read(rel: string): string;
  exists(rel: string): boolean;
  /** Every file below the root (relative paths, sorted), hidden temporary files included. */
  files(): string[];
  cleanup(): void;
}

/** Creates an empty data root under the system temp dir. */
export function makeTempRoot(): TempRoot {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-')));
  const abs = (rel: string): string => path.join(dir, rel);
  return {
    dir,
    write(rel, content) {
      fs.mkdirSync(path.dirname(abs(rel)), { recursive: true });
      fs.writeFileSync(abs(rel), content);
      return abs(rel);
    },
    read: (rel) => fs.readFileSync(abs(rel), 'utf8'),
    exists: (rel) => fs.existsSync(abs(rel)),
    files() {
      const out: string[] = [];
      const walk = (d: string): void => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else out.push(path.relative(dir, p));
        }
      };
      walk(dir);
      return out.sort();
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Plans a YAML pipeline (throws with the validation message when it is invalid). */
export function plan(yaml: string, variables: Record<string, string> = {}): Plan {
  const result = planPipeline(yaml, variables);
  if (!result.ok) throw new Error(result.error.message);
  return result.plan;
}

/** The employees fixture used across tests. */
export const EMPLOYEES_CSV = [
  'id,name,department,salary,status,hired',
  '1,Alice,eng,120000,active,2019-03-01',
  '2,Bob,eng,95000,active,2020-07-15',
  '3,Carol,sales,70000,inactive,2018-01-20',
  '4,Dan,sales,,active,2021-11-02',
  '5,Eve,hr,65000.5,active,2017-05-30',
  '6,Frank,eng,,inactive,2022-02-14',
  '',
].join('\n');
