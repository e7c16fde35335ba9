/**
 * How the tool dresses its output for where it goes. A person at a terminal gets colour (unless
 * NO_COLOR is set, https://no-color.org) and numbers grouped by thousands; a pipe or a file gets
 * neither, so that scripts read plain `1234567` and no escape codes. Tables fit the width of the
 * terminal (or COLUMNS, which also applies off a terminal); without either they are not wrapped.
 */

/** What output the tool writes. */
export interface OutputStyle {
  readonly color: boolean;
  /** Numbers with thousands separators. */
  readonly grouped: boolean;
  /** Columns a line may take; undefined when unknown (no wrapping). */
  readonly width?: number;
}

/** The style for a stream (`isTTY`, `columns` as process.stdout has them) and the environment. */
export function outputStyleOf(stream: { readonly isTTY?: boolean; readonly columns?: number }, env: Readonly<Record<string, string | undefined>>): OutputStyle {
  const tty = stream.isTTY === true;
  const fromEnv = /^\d+$/.test(env['COLUMNS'] ?? '') ? Number(env['COLUMNS']) : undefined;
  const width = fromEnv !== undefined && fromEnv > 0 ? fromEnv : tty && (stream.columns ?? 0) > 0 ? stream.columns : undefined;
  return {
    color: tty && (env['NO_COLOR'] ?? '') === '',
    grouped: tty,
    ...(width === undefined ? {} : { width }),
  };
}

/** Plain output: what a pipe gets. */
export const PLAIN_STYLE: OutputStyle = { color: false, grouped: false };

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;

/** A colour (or weight) of text. */
export type Paint = keyof typeof CODES;

/** `text` in `paint` when the style has colour. */
export function paint(style: OutputStyle, what: Paint, text: string): string {
  return style.color && text !== '' ? `\x1b[${CODES[what]}m${text}\x1b[0m` : text;
}

/** A count: `1,234,567` on a terminal, `1234567` otherwise. */
export function count(style: OutputStyle, n: number): string {
  return style.grouped ? n.toLocaleString('en-US') : String(n);
}

/** The colour of a job status or a quality check status. */
export function statusPaint(status: string): Paint | undefined {
  switch (status) {
    case 'completed':
    case 'pass':
      return 'green';
    case 'failed':
    case 'fail':
    case 'error':
      return 'red';
    case 'cancelled':
    case 'warn':
      return 'yellow';
    case 'running':
      return 'cyan';
    default:
      return undefined;
  }
}

/** `status` coloured as statusPaint says. */
export function paintStatus(style: OutputStyle, status: string): string {
  const what = statusPaint(status);
  return what === undefined ? status : paint(style, what, status);
}
