/**
 * What the command line names: pipeline files (read whole, errors named), `--var NAME=VALUE`
 * and `--option NAME=VALUE` pairs, the backend, the data root and the server URL.
 */
import { BACKEND_NAMES } from '@pipeline/engine';
import type { ValidationError } from '@pipeline/validation';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidArgumentError } from 'commander';
import { cliCatalogue, usageError } from './errors';

/** A pipeline file as read: the name as given and its text. */
export interface PipelineFile {
  readonly file: string;
  readonly yaml: string;
}

/** Reads a pipeline file (relative to `cwd`); CLI_FILE_UNREADABLE names the file and the reason. */
export function readPipelineFile(file: string, cwd: string): PipelineFile {
  try {
    return { file, yaml: fs.readFileSync(path.resolve(cwd, file), 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw cliCatalogue.create('CLI_FILE_UNREADABLE', { file, reason });
  }
}

/** A validation error as one line: `<file>:<line>:<column>: <message>` (the position where the error carries one). */
export function problemLine(file: string, error: ValidationError): string {
  const { line, column } = error.details;
  const at = line === undefined ? '' : column === undefined ? `:${line}` : `:${line}:${column}`;
  return `${file}${at}: ${error.message}`;
}

/** A validation error as JSON: code, message, and the position and subject where known. */
export function problemJson(error: ValidationError): Record<string, unknown> {
  const { line, column, asset, field } = error.details;
  return {
    code: error.code,
    message: error.message,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(asset === undefined ? {} : { asset }),
    ...(field === undefined ? {} : { field }),
  };
}

/** CLI_PIPELINE_INVALID for `file`: the problem line, and the validation error as JSON in the details. */
export function invalidPipeline(file: string, error: ValidationError) {
  return cliCatalogue.create('CLI_PIPELINE_INVALID', { file, problem: problemLine(file, error), validation: problemJson(error) });
}

/** commander's collector of repeated `NAME=VALUE` options into a map (a bad pair is a usage error). */
export function collectPair(what: string): (value: string, previous: Record<string, string> | undefined) => Record<string, string> {
  return (value, previous) => {
    const at = value.indexOf('=');
    if (at <= 0) throw new InvalidArgumentError(`expected ${what}=VALUE (got "${value}")`);
    return { ...previous, [value.slice(0, at)]: value.slice(at + 1) };
  };
}

/** The backends a command accepts. */
export const BACKEND_CHOICES: readonly string[] = BACKEND_NAMES;

/** A data root: the folder given (relative to `cwd`), or `cwd`; it must be an existing folder. */
export function dataRootOf(given: string | undefined, cwd: string): string {
  const root = path.resolve(cwd, given ?? '.');
  let isDirectory = false;
  try {
    isDirectory = fs.statSync(root).isDirectory();
  } catch {
    throw usageError(`--data-root ${given ?? '.'}: no such folder`);
  }
  if (!isDirectory) throw usageError(`--data-root ${given}: not a folder`);
  return root;
}

/** The server base URL from `--server` or PIPELINE_SERVER: an http(s) URL, without a trailing slash. */
export function serverUrlOf(given: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const text = given ?? (env['PIPELINE_SERVER'] === '' ? undefined : env['PIPELINE_SERVER']);
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`--server ${text}: not a URL (expected http://host:port)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`--server ${text}: expected an http:// or https:// URL`);
  return text.replace(/\/+$/, '');
}

/** The server URL a command cannot do without. */
export function requireServer(given: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const url = serverUrlOf(given, env);
  if (url === undefined) throw usageError('this command needs --server URL (or PIPELINE_SERVER)');
  return url;
}

/** The access token from `--token` or PIPELINE_TOKEN (empty counts as none). */
export function tokenOf(given: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const text = (given ?? env['PIPELINE_TOKEN'])?.trim();
  if (text === undefined || text === '') return undefined;
  // What an Authorization header carries unchanged (and what the servers accept as a token).
  if (!/^[\x21-\x7e]+$/.test(text)) throw usageError('--token: a token is printable ASCII without spaces');
  return text;
}
