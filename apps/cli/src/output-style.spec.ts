import { statusPaint } from './output-style';

describe('statusPaint', () => {
  it('colours every quality status of spec 17.4 (pass, warn, fail, error) and the job statuses', () => {
    expect(['pass', 'warn', 'fail', 'error'].map(statusPaint)).toEqual(['green', 'yellow', 'red', 'red']);
    expect(['completed', 'cancelled', 'failed', 'running', 'queued'].map(statusPaint)).toEqual(['green', 'yellow', 'red', 'cyan', undefined]);
  });
});
