/**
 * What the command line names: pipeline files (read up to a bound, errors named), `--var NAME=VALUE`
 * and `--option NAME=VALUE` pairs, the backend, the data root and the server URL.
 */
import { MAX_DOCUMENT_CHARS } from '@pipeline/definition';
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

/**
 * The most bytes of a pipeline file read: every document the definition accepts (at most
 * MAX_DOCUMENT_CHARS UTF-16 units, each at most 3 bytes of UTF-8) fits, and reading stops there,
 * so an endless or huge file (`/dev/zero`, a log) costs this much memory, not its size.
 */
export const MAX_PIPELINE_FILE_BYTES = 3 * MAX_DOCUMENT_CHARS;

/**
 * Reads a pipeline file (relative to `cwd`) up to {@link MAX_PIPELINE_FILE_BYTES}:
 * CLI_FILE_UNREADABLE names the file and the reason, CLI_FILE_TOO_LARGE a longer one. Devices,
 * pipes and `/dev/stdin` are read the same way, never whole.
 */
export function readPipelineFile(file: string, cwd: string, limitBytes = MAX_PIPELINE_FILE_BYTES): PipelineFile {
  let fd: number;
  try {
    fd = fs.openSync(path.resolve(cwd, file), 'r');
  } catch (error) {
    throw unreadable(file, error);
  }
  try {
    if (fs.fstatSync(fd).isDirectory()) throw cliCatalogue.create('CLI_FILE_UNREADABLE', { file, reason: 'it is a directory' });
    // One byte more than the limit tells a file of exactly the limit from a longer one.
    const buffer = Buffer.allocUnsafe(limitBytes + 1);
    let length = 0;
    for (;;) {
      let read: number;
      try {
        read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      } catch (error) {
        throw unreadable(file, error);
      }
      if (read === 0) break;
      length += read;
      if (length > limitBytes) throw cliCatalogue.create('CLI_FILE_TOO_LARGE', { file, limitBytes });
    }
    return { file, yaml: buffer.toString('utf8', 0, length) };
  } finally {
    fs.closeSync(fd);
  }
}

function unreadable(file: string, error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  return cliCatalogue.create('CLI_FILE_UNREADABLE', { file, reason });
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
