/**
 * Checks a response of the black-box tests against the OpenAPI document the server serves
 * (`createOpenApiDocument`, the same function as `GET /openapi.json`): the operation must list
 * the status, and a JSON body must match the operation's response schema for that status (ajv,
 * JSON Schema 2020-12). A path under `/api` with no operation for the method must be the
 * route-not-found 404. Anything else (the console, /metrics, /docs, CORS preflights) is left alone.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { SERVICE_VERSION } from '@pipeline/server-kit';
import { createOpenApiDocument } from '../src/openapi/document';

const DOCUMENT_ID = 'openapi.json';
const document = createOpenApiDocument(SERVICE_VERSION) as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

const ajv = new Ajv2020({ allErrors: true, strict: true });
// The document's top-level fields are not schema keywords; its schemas are reached by JSON pointer.
ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components', 'jsonSchemaDialect']);
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
ajv.addFormat('date-time', { validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(s) && !Number.isNaN(Date.parse(s)) });
ajv.addSchema(document, DOCUMENT_ID);

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
}));

const validators = new Map<string, ValidateFunction>();
function validatorFor(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}

/** How many responses have been checked against the document in this test file. */
export const checked = { responses: 0 };

/** Throws, naming the operation and what is wrong, when the response does not match the document. */
export function checkResponse(method: string, url: string, status: number, contentType: string | null, text: string): void {
  const verb = method.toLowerCase();
  const { pathname } = new URL(url);
  if (verb === 'options') return;
  const found = templates.find(({ pattern }) => pattern.test(pathname));
  if (found === undefined) return;
  const operation = document.paths[found.template][verb === 'head' ? 'get' : verb];
  const where = `${method.toUpperCase()} ${pathname} (${found.template})`;
  if (operation === undefined) {
    // No such operation: express's fall-through, the route-not-found answer.
    if (status !== 404) throw new Error(`${where}: no operation in the document, yet the answer is ${status}, not 404`);
    checkBody(where, status, '/components/schemas/Error', contentType, text, verb);
    return;
  }
  const response = operation.responses[String(status)];
  if (response === undefined) {
    throw new Error(`${where}: status ${status} is not in the document (documented: ${Object.keys(operation.responses).join(', ')})`);
  }
  const ref = response.content?.['application/json']?.schema.$ref;
  if (ref !== undefined) checkBody(where, status, ref.slice(1), contentType, text, verb);
}

function checkBody(where: string, status: number, pointer: string, contentType: string | null, text: string, verb: string): void {
  checked.responses++;
  if (verb === 'head') return;
  if (!contentType?.startsWith('application/json')) throw new Error(`${where} ${status}: Content-Type ${contentType}, expected application/json`);
  const validate = validatorFor(`#${pointer}`);
  if (!validate(JSON.parse(text))) {
    throw new Error(`${where} ${status}: the body does not match ${pointer}: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`);
  }
}
