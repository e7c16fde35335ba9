/**
 * The black-box job RPC suite (jobs-rpcs.spec.ts) again, with the server's jobs in PostgreSQL:
 * the same contract whatever the store.
 */
import { usePostgresJobStore } from './harness';

usePostgresJobStore();

describe('on the PostgreSQL job store', () => {
  require('./jobs-rpcs.spec');
});
