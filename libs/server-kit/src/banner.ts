/**
 * The start-up banner both servers print on stdout: who is starting, then one line per setting
 * with its value and where it came from. The line `listening on <address>` follows once the
 * server listens and its signal handlers are in place (whoever waits for it may signal at once).
 */
import type { ConfigOf, Settings } from './config';

/** The banner lines: `<program> <version> (node <v>, pid <n>)`, then `  <label> <value>  [<source>]` per setting. */
export function bannerLines<S extends Settings>(program: string, version: string, settings: S, config: ConfigOf<S>): string[] {
  const lines = [`${program} ${version} (node ${process.version}, pid ${process.pid})`];
  for (const [key, s] of Object.entries(settings)) {
    const value = (config as Record<string, unknown>)[key];
    const shown = s.show ? s.show(value) : String(value);
    lines.push(`  ${s.label.padEnd(15)} ${shown}  [${(config.sources as Record<string, string>)[key]}]`);
  }
  return lines;
}

/** The last start-up line, once the server listens: `listening on http://127.0.0.1:8080` or `listening on 127.0.0.1:50051`. */
export function listeningLine(address: string): string {
  return `listening on ${address}`;
}
