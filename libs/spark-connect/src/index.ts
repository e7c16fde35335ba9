/**
 * @pipeline/spark-connect: a client of Apache Spark's Spark Connect protocol (gRPC), with the
 * part of the protocol the service uses written as the project's own proto files
 * (proto/spark/connect). SQL and plans run in sessions and their Arrow results come back as
 * typed rows; failures are errors of one catalogue (SPARK_UNAVAILABLE vs SPARK_QUERY_FAILED
 * with Spark's error class and SQLSTATE). It knows nothing of pipelines.
 *
 * @example
 * const spark = connectSpark('sc://127.0.0.1:15002/;user_id=etl');
 * const session = spark.session();
 * const { columns, rows } = await session.sql('SELECT 1 AS one', { signal });
 * await session.release();
 * spark.close();
 */
export type { ArrowRows, SparkValue } from './arrow-rows';
export { readArrowRows } from './arrow-rows';
export { connectSpark } from './client';
export type { SparkClient, SparkClientOptions } from './client';
export { SPARK_ERROR_CODES, isSparkError, sparkCatalogue } from './errors';
export type { SparkConnectError, SparkErrorCode, SparkPublicErrorCode } from './errors';
export type { CollectMetrics, Command, Plan, Read, Relation, WriteOperation } from './generated/spark/connect/plan';
export { WriteOperation_SaveMode } from './generated/spark/connect/plan';
export type { CallOptions, ObservedValue, SparkResult, SparkSession } from './session';
export { fromProtoType, sparkTypeName } from './spark-type';
export type { SparkField, SparkType } from './spark-type';
export { DEFAULT_SPARK_CONNECT_PORT, parseSparkUrl, redactToken } from './url';
export type { SparkConnectUrl } from './url';
