/**
 * Black-box test harness: starts the real gRPC application on an ephemeral port with a fresh
 * temporary data root, and talks to it through a nice-grpc client over the wire.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createChannel, createClient, type Channel, type Client, ClientError, Status } from 'nice-grpc';
import { startGrpcApp, type GrpcApp, type GrpcAppOverrides } from '../src/app';
import type { ServerConfig } from '../src/config';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { silentLogger, type Logger } from '@pipeline/server-kit';
import { startPostgres, type PostgresServer } from '@pipeline/test-postgres';

/** A running server, its client and its data root. */
export interface Harness {
  readonly app: GrpcApp;
  readonly client: Client<typeof PipelineServiceDefinition>;
  readonly channel: Channel;
  readonly address: string;
  readonly dataRoot: string;
  /** Writes a file under the data root (folders created). */
  write(path: string, content: string): void;
  /** Reads a file under the data root. */
  read(path: string): string;
  stop(): Promise<void>;
}

/** Makes a fresh database for the next server, while a file runs its servers on PostgreSQL. */
let jobDatabase: (() => Promise<string>) | undefined;

/**
 * Runs the servers this file starts on the PostgreSQL job store: a real server is started before
 * the file's tests (a fresh database for each harness) and stopped after them. Call it at the top
 * of a file, then define (or `require`) the suites inside a `describe`, so that their servers stop
 * before the database does.
 */
export function usePostgresJobStore(): void {
  let postgres: PostgresServer | undefined;
  beforeAll(async () => {
    const started = await startPostgres();
    postgres = started;
    jobDatabase = () => started.createDatabase();
  }, 60_000);
  afterAll(async () => {
    jobDatabase = undefined;
    await postgres?.stop();
  });
}

/**
 * Starts a server; `config` overrides the test defaults (2 workers, short everything else). Its
 * jobs live in memory, or in a fresh PostgreSQL database under {@link usePostgresJobStore}.
 */
export async function startHarness(
  config: Partial<ServerConfig> = {},
  options: GrpcAppOverrides & { readonly logger?: Logger } = {},
): Promise<Harness> {
  const { logger = silentLogger, ...overrides } = options;
  const dataRoot = mkdtempSync(join(tmpdir(), 'grpc-server-test-'));
  const databaseUrl = config.databaseUrl ?? (await jobDatabase?.());
  const app = await startGrpcApp(
    {
      host: '127.0.0.1',
      port: 0,
      dataRoot,
      workers: 2,
      queueCapacity: 100,
      sessionTtlMs: 60_000,
      maxSessions: 10,
      ...config,
      databaseUrl,
    },
    logger,
    overrides,
  );
  const address = `127.0.0.1:${app.port}`;
  const channel = createChannel(address);
  const client = createClient(PipelineServiceDefinition, channel);
  return {
    app,
    client,
    channel,
    address,
    dataRoot,
    write(path, content) {
      const full = join(dataRoot, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    },
    read: (path) => readFileSync(join(dataRoot, path), 'utf8'),
    async stop() {
      channel.close();
      await app.shutdown(2000);
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}

/** The gRPC status and message a call failed with (fails the test if the call succeeded). */
export async function failure(call: Promise<unknown>): Promise<{ code: string; details: string }> {
  try {
    await call;
  } catch (e) {
    if (e instanceof ClientError) return { code: Status[e.code], details: e.details };
    throw e;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Twelve employees; 7 earn more than 50000 (engineering 4, sales 2, ops 1). */
export const EMPLOYEES_CSV = `id,name,department,salary,active
1,Ada,engineering,120000,true
2,Grace,engineering,95000,true
3,Linus,engineering,87000,false
4,Margaret,engineering,61000,true
5,Ken,engineering,48000,true
6,Barbara,sales,72000,true
7,Dennis,sales,51000,false
8,Frances,sales,45000,true
9,John,sales,30000,true
10,Edsger,ops,55000,true
11,Niklaus,ops,42000,false
12,Donald,ops,39000,true
`;

/** A pipeline over employees.csv: where salary > 50000 -> select -> group by department -> csv. */
export function employeesPipeline(output = 'out/summary.csv', mode = 'overwrite'): string {
  return `version: "3.0"
pipeline:
  name: employees
  description: high earners per department
  assets:
    - asset_ref: raw
      source:
        input:
          format: csv
          path: employees.csv
          options:
            header: "true"
    - asset_ref: active
      source:
        where:
          from: raw
          filter: salary > 50000
    - asset_ref: slim
      source:
        select:
          from: active
          columns: [department, salary]
    - asset_ref: by_dept
      source:
        group_by:
          from: slim
          by: [department]
          agg: ["COUNT(*) AS n", "SUM(salary) AS total"]
    - asset_ref: summary
      source:
        output:
          from: by_dept
          format: csv
          path: ${output}
          mode: ${mode}
`;
}
