/** Test support: a Spark output directory read back as one CSV text (the first part's header, every part's rows in part order). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSparkUrl } from '@pipeline/test-spark';

/** The rows of a CSV output directory Spark wrote (`header` true), header first. */
export function readSparkCsv(dir: string): string {
  const parts = fs.readdirSync(dir).filter((n) => n.startsWith('part-') || n.startsWith('append-')).sort();
  const lines: string[] = [];
  parts.forEach((part) => {
    const text = fs.readFileSync(path.join(dir, part), 'utf8').trimEnd();
    if (text === '') return;
    const [header, ...rows] = text.split('\n');
    if (lines.length === 0) lines.push(header as string);
    lines.push(...rows);
  });
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The engine config of a test run on the test Spark. */
export function sparkConfig(dataRoot: string): { dataRoot: string; spark: { remote: string } } {
  return { dataRoot, spark: { remote: testSparkUrl() } };
}
