/**
 * Reads a server's configuration from its command line (`node:util` `parseArgs`: `--name value`
 * or `--name=value`, each flag at most once) and environment: a flag wins over its variable, a
 * variable over the default, an empty variable counts as absent. Every value remembers where it
 * came from for the banner.
 */
import { parseArgs } from 'node:util';
import { configError } from './errors';
import type { Setting } from './settings';

/** A table of settings, keyed by the configuration field they fill (each setting keeps its own value type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Settings = Readonly<Record<string, Setting<any>>>;

/** The configuration a settings table yields: one field per setting, plus where each came from. */
export type ConfigOf<S extends Settings> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never } & {
  /** `default`, the flag (`--port`) or the variable (`PORT`) each value came from. */
  readonly sources: Readonly<Record<keyof S, string>>;
};

/** Whether the command line asks for the usage text (`--help` or `-h`). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** The `--help` text: one line per flag with its variable. */
export function usage(program: string, settings: Settings): string {
  const lines = [`Usage: ${program} [options]`, '', 'Options (each also read from the environment variable shown):'];
  const rows = [...Object.values(settings).map((s) => [`  --${s.flag} <value>`, s.env, s.help]), ['  --help', '', 'print this text and exit']];
  // Columns as wide as their longest entry and two spaces, so that no flag runs into its variable.
  const flagWidth = Math.max(...rows.map((r) => (r[0] as string).length)) + 2;
  const envWidth = Math.max(...rows.map((r) => (r[1] as string).length)) + 2;
  for (const [flag, env, help] of rows) lines.push(`${(flag as string).padEnd(flagWidth)}${(env as string).padEnd(envWidth)}${help}`);
  lines.push('', 'LOG_LEVEL (trace, debug, info, warn, error, fatal, silent; default info) sets the log level.');
  return lines.join('\n');
}

/**
 * Resolves the configuration from `argv` (the arguments after the script), `env` and `cwd`.
 * Throws a ConfigError naming the flag or variable at fault.
 */
export function parseConfig<S extends Settings>(
  settings: S,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ConfigOf<S> {
  const flags = readFlags(settings, argv);
  const config: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const [key, s] of Object.entries(settings)) {
    const fromFlag = flags.get(s.flag);
    const fromEnv = env[s.env];
    if (fromFlag !== undefined) {
      config[key] = s.read(fromFlag, `--${s.flag}`, cwd);
      sources[key] = `--${s.flag}`;
    } else if (fromEnv !== undefined && fromEnv.trim() !== '') {
      config[key] = s.read(fromEnv, s.env, cwd);
      sources[key] = s.env;
    } else {
      config[key] = s.fallback(cwd);
      sources[key] = 'default';
    }
  }
  return { ...config, sources } as ConfigOf<S>;
}

function readFlags(settings: Settings, argv: readonly string[]): Map<string, string> {
  const names = Object.values(settings).map((s) => s.flag);
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const, multiple: true }]));
  let values: Record<string, string[] | undefined>;
  try {
    values = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values as Record<string, string[] | undefined>;
  } catch (e) {
    throw translate(e, names);
  }
  const flags = new Map<string, string>();
  for (const name of names) {
    const given = values[name];
    if (given === undefined) continue;
    if (given.length > 1) throw configError(`--${name}`, `flag --${name} is given more than once`);
    flags.set(name, given[0]);
  }
  return flags;
}

/** parseArgs' errors, worded as the rest of the configuration errors (naming the flag). */
function translate(e: unknown, names: readonly string[]): Error {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return configError(flag, `unknown flag ${flag} (expected one of ${names.map((n) => `--${n}`).join(', ')}; see --help)`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return configError(flag, `flag ${flag} needs a value`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const arg = /'([^']*)'/.exec(message)?.[1] ?? '';
      return configError(arg, `unexpected argument "${arg}" (see --help)`);
    }
    default:
      return e instanceof Error ? e : new Error(message);
  }
}
