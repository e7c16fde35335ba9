/**
 * The server version: the workspace's root package.json `version`. The bundle has it inlined at
 * build time (build.mjs defines PIPELINE_SERVER_VERSION); from sources (serve, tests) it is read
 * from the workspace root, the nearest ancestor holding both package.json and nx.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

declare const PIPELINE_SERVER_VERSION: string | undefined;

/** Reads the version from the workspace root above `from`; `0.0.0` when there is none. */
export function readWorkspaceVersion(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json')) && existsSync(join(dir, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
      return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    }
    if (dirname(dir) === dir) return '0.0.0';
  }
}

/** The version reported by Health. */
export const SERVER_VERSION: string =
  typeof PIPELINE_SERVER_VERSION === 'string' ? PIPELINE_SERVER_VERSION : readWorkspaceVersion(__dirname);
