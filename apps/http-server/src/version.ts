/**
 * The server version reported by health: the workspace root package.json `version`. The build
 * script inlines it as HTTP_SERVER_VERSION so the bundle reports the version it was built from;
 * running from sources (tests) reads it from the nearest ancestor holding nx.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

declare const HTTP_SERVER_VERSION: string | undefined;

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

/** The version reported by `GET /api/health`. */
export const SERVER_VERSION: string =
  typeof HTTP_SERVER_VERSION === 'string' ? HTTP_SERVER_VERSION : workspaceVersion(__dirname);
