/** Small display helpers for job times and durations. */

/** `1.2 s`, `850 ms`, `3 min 05 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

/** An ISO timestamp as local `YYYY-MM-DD HH:MM:SS`, or '' when absent or unreadable. */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Job states after which nothing changes. */
export const TERMINAL_STATUSES: readonly string[] = ['completed', 'failed', 'cancelled'];

/** Whether a job in `status` will change no more. */
export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** A value of a rows answer as a table cell shows it: null as `null`, nested values as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
