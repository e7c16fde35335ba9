/**
 * The public HTTP API the console uses, and nothing else: validate, explain, jobs, rows, preview. The base URL is
 * the page's own origin, or the `api` query parameter (`?api=http://other-replica:8080`), so the
 * console also drives another replica or works from a file opened elsewhere. A server with an
 * access token gets it on every call (`Authorization: Bearer`, see token.ts); the console uses no
 * EventSource, which could not send it.
 */

/** A pipeline request body (contract: `{yaml, variables, backend?}`). */
export interface PipelineRequest {
  readonly yaml: string;
  readonly variables: Record<string, string>;
  readonly backend?: string;
}

/** A job as `GET /api/jobs/{id}` returns it. */
export interface Job {
  readonly id: string;
  readonly status: string;
  readonly created_at: string;
  readonly started_at?: string;
  readonly completed_at?: string;
  readonly duration_ms?: number;
  readonly error?: string;
  /** A completed job's outputs. */
  readonly outputs?: readonly JobOutput[];
  /** Quality check results, when the job ran checks. */
  readonly quality?: readonly QualityResult[];
  /** Every asset of the plan: live while it runs (from the replica running it), timed once completed. */
  readonly steps?: readonly JobStep[];
}

/** One asset of a job: waiting, running since `started_at`, or done in `ms` (an output with its rows). */
export interface JobStep {
  readonly asset: string;
  readonly state: string;
  readonly started_at?: string;
  readonly ms?: number;
  readonly rows?: number;
}

/** One output a completed job wrote. */
export interface JobOutput {
  readonly asset: string;
  readonly path: string;
  readonly rows_written: number;
}

/** One quality check's result: the check result model of Teckel spec 17.4. */
export interface QualityResult {
  readonly suite: string;
  readonly check: string;
  readonly check_type: string;
  readonly target: string;
  readonly column?: string;
  /** pass, warn, fail or error (an info check passes). */
  readonly status: string;
  readonly severity: string;
  readonly observed_value: number | null;
  readonly expected: string;
  /** Row-level checks: the rows (or values) failing, and their share in percent. */
  readonly failing_rows?: number;
  readonly failing_percent?: number;
  readonly description?: string;
  readonly message: string;
  readonly timestamp: string;
}

/** The first rows of an output or a previewed asset. */
export interface Rows {
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly rows: readonly (readonly unknown[])[];
  readonly truncated: boolean;
}

/** An answer other than the expected success, with the server's `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The API root: `?api=` when given, else the page's origin. */
export function apiBase(location: Location): string {
  const given = new URLSearchParams(location.search).get('api');
  if (given) return given.replace(/\/+$/, '');
  return location.protocol === 'file:' ? 'http://localhost:8080' : location.origin;
}

/** Where the client gets the access token of a server that wants one (see token.ts). */
export interface ApiAuth {
  /** The token to send now, if any. */
  token(): string | undefined;
  /** A call sent with `sent` was answered 401: the token to retry with, or undefined to give up. */
  refused(sent: string | undefined): Promise<string | undefined>;
}

/** How many times one call asks again for a token before it fails with the 401. */
const MAX_TOKEN_RETRIES = 5;

/** A client for one API root; with `auth`, every call carries its token and a 401 asks for one. */
export function createApi(base: string, auth?: ApiAuth) {
  async function send(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
    let token = auth?.token();
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      if (response.status !== 401 || auth === undefined || attempt >= MAX_TOKEN_RETRIES || signal?.aborted) return response;
      const next = await auth.refused(token);
      if (next === undefined || signal?.aborted) return response;
      token = next;
    }
  }

  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const response = await send(method, path, body, signal);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(response.status, `HTTP ${response.status}: the answer is not JSON`);
    }
    if (!response.ok) {
      const error = (parsed as { error?: unknown } | undefined)?.error;
      throw new ApiError(response.status, typeof error === 'string' ? error : `HTTP ${response.status}`);
    }
    return parsed as T;
  }
  return {
    base,
    health: () => call<{ status: string; version: string }>('GET', '/health'),
    validate: (request: PipelineRequest, signal?: AbortSignal) =>
      call<{ valid: boolean; error?: string }>('POST', '/validate', request, signal),
    explain: (request: PipelineRequest, signal?: AbortSignal) => call<{ plan: string }>('POST', '/explain', request, signal),
    submit: (request: PipelineRequest) => call<{ job_id: string; status: string }>('POST', '/jobs', request),
    /**
     * The jobs and the list's version; with `since` (a version), held by the server until the
     * list differs or `timeoutSeconds` pass (a job submitted anywhere shows at once, no polling).
     */
    jobs: (since?: string, timeoutSeconds?: number, signal?: AbortSignal) =>
      call<{ jobs: Job[]; version?: string }>(
        'GET',
        since === undefined ? '/jobs' : `/jobs?since=${encodeURIComponent(since)}&timeout=${timeoutSeconds ?? 0}`,
        undefined,
        signal,
      ),
    job: (id: string) => call<Job>('GET', `/jobs/${encodeURIComponent(id)}`),
    /** Held by the server until the job is terminal or `timeoutSeconds` pass (no polling). */
    wait: (id: string, timeoutSeconds: number, signal?: AbortSignal) =>
      call<Job>('GET', `/jobs/${encodeURIComponent(id)}/wait?timeout=${timeoutSeconds}`, undefined, signal),
    /** The first `limit` rows of a completed job's output. */
    outputRows: (id: string, asset: string, limit: number, signal?: AbortSignal) =>
      call<Rows>('GET', `/jobs/${encodeURIComponent(id)}/outputs/${encodeURIComponent(asset)}/rows?limit=${limit}`, undefined, signal),
    /** One asset computed from its upstream assets; nothing is written. */
    preview: (request: PipelineRequest & { asset: string; limit: number }, signal?: AbortSignal) =>
      call<Rows>('POST', '/preview', request, signal),
    cancel: (id: string) => call<{ status: string }>('DELETE', `/jobs/${encodeURIComponent(id)}`),
  };
}

/** The client type. */
export type Api = ReturnType<typeof createApi>;
