/**
 * The error catalogue of the Spark Connect client (on `@pipeline/errors`): a stable code, a
 * one-sentence message naming the URL parameter, session or query concerned, and structured
 * details. "Spark unavailable" (the server cannot be reached or lost the session) is kept apart
 * from "the query failed" (Spark answered with its error class and SQLSTATE), because a job
 * retries nothing but reports them differently.
 */
import { defineErrorCatalogue, type CatalogueError, type PublicCodeOf } from '@pipeline/errors';

/** The Spark Connect client's catalogue. */
export const sparkCatalogue = defineErrorCatalogue({
  name: 'SparkConnectError',
  prefix: 'SPARK',
  entries: {
    SPARK_INVALID_URL: {
      meaning: 'The Spark Connect URL is malformed; the message names the part that is wrong.',
      message: (a: { url: string; reason: string }) => `invalid Spark Connect URL "${a.url}": ${a.reason}`,
      details: (a: { url: string; reason: string; parameter?: string }) => ({
        url: a.url,
        ...(a.parameter === undefined ? {} : { parameter: a.parameter }),
      }),
    },
    SPARK_UNAVAILABLE: {
      meaning: 'The Spark Connect server cannot be reached, refused the connection, or lost the session (restarted).',
      message: (a: { address: string; reason: string }) => `spark unavailable: ${a.reason} (${a.address})`,
    },
    SPARK_AUTH_FAILED: {
      meaning: 'The Spark Connect server refused the credentials (token) of the URL.',
      message: (a: { address: string; reason: string }) => `spark refused the credentials: ${a.reason} (${a.address})`,
    },
    SPARK_QUERY_FAILED: {
      meaning: "Spark ran the request and failed; details carry Spark's error class and SQLSTATE.",
      message: (a: { errorClass?: string; sqlState?: string; message: string }) =>
        `spark query failed${a.errorClass === undefined ? '' : ` [${a.errorClass}]`}${a.sqlState === undefined ? '' : ` (SQLSTATE ${a.sqlState})`}: ${a.message}`,
      details: (a: { errorClass?: string; sqlState?: string; exception?: string; operationId?: string }) => ({
        ...(a.errorClass === undefined ? {} : { errorClass: a.errorClass }),
        ...(a.sqlState === undefined ? {} : { sqlState: a.sqlState }),
        ...(a.exception === undefined ? {} : { exception: a.exception }),
        ...(a.operationId === undefined ? {} : { operationId: a.operationId }),
      }),
    },
    SPARK_CANCELLED: {
      meaning: 'The operation was cancelled (its signal aborted, or the session was interrupted).',
      message: (a: { operationId?: string; reason: string }) => `spark operation cancelled: ${a.reason}`,
    },
    SPARK_SESSION_RELEASED: {
      meaning: 'A call used a session after release() (the server has forgotten it).',
      message: (a: { sessionId: string }) => `spark session ${a.sessionId} was released; open a new session`,
    },
    SPARK_UNSUPPORTED_TYPE: {
      meaning: 'A result column has a Spark type the client does not convert; the message names the column.',
      message: (a: { column: string; type: string }) => `column "${a.column}": spark type ${a.type} is not supported by the client`,
    },
    SPARK_PROTOCOL: {
      meaning: 'The server answered something the client cannot read (a bug or an incompatible server).',
      message: (a: { reason: string }) => `unexpected answer from the Spark Connect server: ${a.reason}`,
      public: false,
    },
  },
});

/** Every code the client raises. */
export const SPARK_ERROR_CODES = sparkCatalogue.codes;

/** A code of the client's catalogue. */
export type SparkErrorCode = (typeof SPARK_ERROR_CODES)[number];

/** A code of the client's catalogue that apps must map to a status. */
export type SparkPublicErrorCode = PublicCodeOf<typeof sparkCatalogue.entries>;

/** An error of the client's catalogue. */
export type SparkConnectError = CatalogueError<SparkErrorCode>;

/** True for errors of the client's catalogue. */
export function isSparkError(value: unknown): value is SparkConnectError {
  return sparkCatalogue.is(value);
}
