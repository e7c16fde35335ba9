/**
 * The version both servers report (health, banner): the workspace root package.json `version`.
 * The apps' build inlines it as `PIPELINE_VERSION`, so a bundle reports the version it was built
 * from; from sources (tests) it is read from the nearest ancestor folder holding nx.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

declare const PIPELINE_VERSION: string | undefined;

/** The root package.json version of the workspace above `from`, or `0.0.0` outside a workspace. */
export function workspaceVersion(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
      return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    }
    if (dirname(dir) === dir) return '0.0.0';
  }
}

/** The service version. */
export const SERVICE_VERSION: string = typeof PIPELINE_VERSION === 'string' ? PIPELINE_VERSION : workspaceVersion(__dirname);
