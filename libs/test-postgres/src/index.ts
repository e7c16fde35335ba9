/**
 * @pipeline/test-postgres: a real PostgreSQL server for tests, started on a free port in a
 * temporary folder and removed afterwards (tests only: the lint rules keep it out of production
 * code).
 *
 * @example
 * const server = await startPostgres();
 * const databaseUrl = await server.createDatabase();
 * // ... tests against databaseUrl ...
 * await server.stop();
 */
export { freePort, startPostgres } from './postgres-server';
export type { PostgresServer } from './postgres-server';
