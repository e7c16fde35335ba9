/**
 * The OpenAPI 3.1 document of `/api`, generated from the operations table and the schemas
 * (never written by hand): served at `GET /openapi.json` and rendered at `GET /docs`.
 */
import { API_OPERATIONS, type ApiOperation, type ApiResponse } from './operations';
import { SCHEMAS } from './schemas';

/** The JSON Schema dialect of the document's schemas (OpenAPI 3.1's default). */
const SCHEMA_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** An OpenAPI document as plain JSON data. */
export type OpenApiDocument = { readonly openapi: string } & Readonly<Record<string, unknown>>;

/** The answer of every operation but the open ones on a server with access tokens. */
const UNAUTHORIZED: Readonly<Record<number, ApiResponse>> = {
  401: {
    description: 'The server has access tokens and the request carries none, or a wrong one: `unauthorized`, with `WWW-Authenticate: Bearer`.',
    schema: 'Error',
  },
};

/** Builds the document for a server of version `version`. */
export function createOpenApiDocument(version: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: SCHEMA_DIALECT,
    info: {
      title: 'Pipeline service HTTP/JSON API',
      version,
      summary: 'Validate, explain and run Teckel v3.0 YAML pipelines as jobs.',
      description:
        'Every error answers `{error: string}`. CORS is enabled for every origin. A server started with an access token (`AUTH_TOKEN`, `--auth-tokens-file`) wants `Authorization: Bearer <token>` on every operation but health; without one it is open. No TLS: put a reverse proxy in front for that.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'service', description: 'Health (liveness), readiness and version.' },
      { name: 'pipelines', description: 'Validation and execution plans; nothing runs.' },
      { name: 'jobs', description: 'Asynchronous pipeline runs on the worker pool.' },
    ],
    paths,
    components: {
      schemas: SCHEMAS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access token the server was started with (`AUTH_TOKEN` or a line of `--auth-tokens-file`).' } },
    },
  };
}

function operationObject(operation: ApiOperation): Record<string, unknown> {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description === undefined ? {} : { description: operation.description }),
    tags: [operation.tag],
    ...(operation.parameters === undefined ? {} : { parameters: operation.parameters }),
    // A bearer token when the server has tokens, nothing when it has none.
    ...(operation.open === true ? { security: [] } : { security: [{ bearer: [] }, {}] }),
    ...(operation.requestBody === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            description: 'Read as JSON whatever its Content-Type.',
            content: {
              'application/json': { schema: ref(operation.requestBody), ...(operation.requestExample === undefined ? {} : { example: operation.requestExample }) },
            },
          },
        }),
    responses: Object.fromEntries(
      Object.entries(operation.open === true ? operation.responses : { ...operation.responses, ...UNAUTHORIZED }).map(([status, response]) => [
        status,
        {
          description: response.description,
          content: { 'application/json': { schema: ref(response.schema), ...(response.example === undefined ? {} : { example: response.example }) } },
        },
      ]),
    ),
  };
}
