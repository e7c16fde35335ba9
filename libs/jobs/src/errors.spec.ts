import * as fs from 'node:fs';
import * as path from 'node:path';
import { JOB_ERROR_CODES, isJobsError, jobsCatalogue, jobsErrors } from './errors';

describe('jobs error catalogue', () => {
  it('has unique codes and a factory per code', () => {
    expect(new Set(JOB_ERROR_CODES).size).toBe(JOB_ERROR_CODES.length);
    const produced = new Set(
      [
        jobsErrors.invalidPipeline('V-001: x'),
        jobsErrors.invalidRequest('yaml must be a string'),
        jobsErrors.unknownBackend('x', 'unknown backend "x" (expected duckdb, danfo)'),
        jobsErrors.queueFull(3),
        jobsErrors.shuttingDown(),
        jobsErrors.illegalTransition('j', 'completed', 'running'),
        jobsErrors.workerCrashed('j', 'worker exited with code: 70'),
        jobsErrors.cancelled('j'),
        jobsErrors.interrupted('j'),
        jobsErrors.workerFileMissing('/x/jobs-worker.js'),
        jobsErrors.invalidOption('workers', 'a positive integer', 0),
        jobsErrors.duplicateId('j'),
        jobsErrors.storeUnavailable('connect ECONNREFUSED 127.0.0.1:5432'),
        jobsErrors.recordUnstorable('j', 'invalid input syntax for type json'),
        jobsErrors.serverStopped(),
        jobsErrors.outputNotFound('j', 'x', ['out']),
        jobsErrors.notCompleted('j', 'running'),
        jobsErrors.outputGone('j', 'out', 'out.csv'),
        jobsErrors.unknownAsset('x', ['a']),
        jobsErrors.lookFailed('asset "a": boom', 'E_EXECUTION'),
        jobsErrors.backendUnavailable('spark unavailable: connect ECONNREFUSED 127.0.0.1:15002 (127.0.0.1:15002)', 'E_SPARK_UNAVAILABLE'),
        jobsErrors.lookTimeout('preview', 30_000),
        jobsErrors.tooManyListWaits(256),
      ].map((e) => e.code),
    );
    expect([...produced].sort()).toEqual([...JOB_ERROR_CODES].sort());
  });

  it('keeps the contract messages', () => {
    expect(jobsErrors.queueFull(1000).message).toBe('job queue is full');
    expect(jobsErrors.invalidPipeline('V-001: asset "a" references unknown asset "b"').message).toBe(
      'V-001: asset "a" references unknown asset "b"',
    );
    expect(jobsErrors.invalidRequest('yaml must be a string').message).toBe('invalid request: yaml must be a string');
    expect(jobsErrors.workerCrashed('j1', 'worker exited with code: 70')).toMatchObject({
      message: 'job j1: the worker running it died (worker exited with code: 70)',
      details: { jobId: 'j1', reason: 'worker exited with code: 70' },
    });
    expect(jobsErrors.interrupted('j1').message).toBe('interrupted: the replica running this job stopped');
    expect(jobsErrors.serverStopped().message).toBe('cancelled: the server stopped');
    expect(jobsErrors.storeUnavailable('connect ECONNREFUSED 127.0.0.1:5432').message).toBe(
      'job store unavailable: connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('recognises its errors and nothing else', () => {
    expect(isJobsError(jobsErrors.shuttingDown())).toBe(true);
    const lookalike = Object.assign(new Error('x'), { name: 'JobsError', code: 'JOB_QUEUE_FULL' });
    expect(isJobsError(lookalike)).toBe(true);
    expect(isJobsError(Object.assign(new Error('x'), { name: 'JobsError', code: 'NOPE' }))).toBe(false);
    expect(isJobsError(new Error('x'))).toBe(false);
    expect(isJobsError({ code: 'JOB_QUEUE_FULL' })).toBe(false);
    expect(jobsCatalogue.create('JOB_CANCELLED', { jobId: 'j' }, { cause: 'c' }).cause).toBe('c');
  });

  it('is documented: the README error table lists every code', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| (JOB_[A-Z_]+) \|/gm)].map((m) => m[1]);
    expect(listed).toEqual([...JOB_ERROR_CODES]);
  });
});
