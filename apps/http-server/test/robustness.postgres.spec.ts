/**
 * The black-box suite robustness.spec.ts again, with the server's jobs in PostgreSQL: the same answers
 * whatever the store.
 */
import { usePostgresJobStore } from './helpers';

usePostgresJobStore();

describe('on the PostgreSQL job store', () => {
  require('./robustness.spec');
});
