/**
 * The HTTP API of a running server (`/api/jobs...`), as the tool uses it: each call answers the
 * parsed body, or throws CLI_SERVER_ERROR (the server's `{error}` text and status) or
 * CLI_SERVER_UNREACHABLE (no connection).
 */
import { cliCatalogue } from './errors';
import type { JobView } from './job-view';

/** What `POST /api/jobs` sends. */
export interface SubmitBody {
  readonly yaml: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly backend?: string;
}

/** What the rows and preview routes answer. */
export interface RowsView {
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly rows: readonly (readonly unknown[])[];
  readonly truncated: boolean;
}

/** What the CLI reads of an OpenLineage RunEvent (`GET /api/jobs/{id}/lineage`). */
export interface LineageEventView {
  readonly eventType: string;
  readonly eventTime: string;
  readonly job: { readonly namespace: string; readonly name: string };
  readonly inputs: readonly LineageDatasetView[];
  readonly outputs: readonly LineageDatasetView[];
}

/** An input or output dataset of a RunEvent, with its column lineage when the job completed. */
export interface LineageDatasetView {
  readonly namespace: string;
  readonly name: string;
  readonly facets?: {
    readonly columnLineage?: {
      readonly fields: Readonly<Record<string, { readonly inputFields: readonly { readonly name: string; readonly field: string; readonly transformations?: readonly { type: string; subtype?: string }[] }[] }>>;
    };
  };
}

/** One problem of `POST /api/validate`'s `errors`. */
export interface ValidationProblemView {
  readonly code: string;
  readonly message: string;
  readonly asset?: string;
  readonly field?: string;
  readonly line?: number;
  readonly column?: number;
}

/** What `POST /api/validate` answers. */
export interface ValidateView {
  readonly valid: boolean;
  readonly error?: string;
  readonly errors?: readonly ValidationProblemView[];
}

/** A client of one server. */
export interface ApiClient {
  /** Validates as the server does before a submit (its data root's files included). */
  validate(body: SubmitBody): Promise<ValidateView>;
  submit(body: SubmitBody): Promise<{ job_id: string; status: string }>;
  list(): Promise<JobView[]>;
  get(id: string): Promise<JobView>;
  /** Waits up to `timeoutSeconds` (the server's cap applies) and answers the job as it is then. */
  wait(id: string, timeoutSeconds: number): Promise<JobView>;
  cancel(id: string): Promise<{ status: string }>;
  /** The job's status and, while it runs, how far it has got. */
  progress(id: string): Promise<{ status: string; assets_done?: number; assets_total?: number; rows_written?: number }>;
  /** The job's OpenLineage run events (spec 18.9). */
  lineage(id: string): Promise<{ events: LineageEventView[] }>;
  /** The first rows of an output of a completed job. */
  rows(id: string, asset: string, limit: number): Promise<RowsView>;
  /** The first rows of one asset of a pipeline, computed by the server, nothing written. */
  preview(body: SubmitBody & { readonly asset: string; readonly limit: number }): Promise<RowsView>;
}

/** A server to talk to: its base URL (`http://host:port`, no trailing slash) and the access token it wants, if any. */
export interface ServerTarget {
  readonly url: string;
  readonly token?: string;
}

/** A client of the server at `target.url`, sending `Authorization: Bearer <token>` when given a token. */
export function createApiClient(target: ServerTarget): ApiClient {
  const baseUrl = target.url;
  const headers: Record<string, string> = target.token === undefined ? {} : { authorization: `Bearer ${target.token}` };
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const url = `${baseUrl}/api${route}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw cliCatalogue.create('CLI_SERVER_UNREACHABLE', { url: baseUrl, reason: cause?.code ?? cause?.message ?? (error as Error).message });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw cliCatalogue.create('CLI_SERVER_ERROR', { status: response.status, error: `not JSON: ${text.slice(0, 200)}` });
    }
    if (!response.ok) {
      const message = (parsed as { error?: unknown } | undefined)?.error;
      const error = typeof message === 'string' ? message : text.slice(0, 200);
      if (response.status === 401) {
        const hint = target.token === undefined ? 'the server wants an access token: give it with --token or PIPELINE_TOKEN' : 'the server refused the token of --token / PIPELINE_TOKEN';
        throw cliCatalogue.create('CLI_SERVER_ERROR', { status: 401, error: `${error} (${hint})` });
      }
      throw cliCatalogue.create('CLI_SERVER_ERROR', { status: response.status, error });
    }
    return parsed as T;
  };
  const job = (id: string) => `/jobs/${encodeURIComponent(id)}`;
  return {
    validate: (body) => call('POST', '/validate', body),
    submit: (body) => call('POST', '/jobs', body),
    list: async () => (await call<{ jobs: JobView[] }>('GET', '/jobs')).jobs,
    get: (id) => call('GET', job(id)),
    wait: (id, timeoutSeconds) => call('GET', `${job(id)}/wait?timeout=${timeoutSeconds}`),
    cancel: (id) => call('DELETE', job(id)),
    progress: (id) => call('GET', `${job(id)}/progress`),
    lineage: (id) => call('GET', `${job(id)}/lineage`),
    rows: (id, asset, limit) => call('GET', `${job(id)}/outputs/${encodeURIComponent(asset)}/rows?limit=${limit}`),
    preview: (body) => call('POST', '/preview', body),
  };
}
