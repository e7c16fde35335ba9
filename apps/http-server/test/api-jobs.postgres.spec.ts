/**
 * The black-box job API suite (api-jobs.spec.ts) again, with the server's jobs in PostgreSQL:
 * the same contract whatever the store.
 */
import { usePostgresJobStore } from './helpers';

usePostgresJobStore();

describe('on the PostgreSQL job store', () => {
  require('./api-jobs.spec');
});
