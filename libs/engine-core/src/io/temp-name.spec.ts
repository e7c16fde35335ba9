import { isTempFileName, tempFileName, tempFileWriter, thisWriter, truncateToBytes } from './temp-name';

describe('temporary output names', () => {
  it('keeps a short name whole and recognisable', () => {
    const name = tempFileName('summary.csv');
    expect(name).toMatch(/^\.summary\.csv\.w[0-9a-z]+-[0-9a-f]{8}-[0-9a-f]{8}\.[0-9a-f]{12}\.tmp$/);
    expect(isTempFileName(name)).toBe(true);
  });

  it('names its writer: this process, or the one given', () => {
    expect(tempFileWriter(tempFileName('a.csv'))).toEqual({ ...thisWriter(), pid: process.pid });
    const other = { pid: 4_194_304, space: '0123abcd', host: 'deadbeef' };
    expect(tempFileWriter(`${tempFileName('a.csv', other)}.part`)).toEqual(other);
    // An older version's name has no writer, and is still a temporary name.
    expect(tempFileWriter('.a.csv.0123456789ab.tmp')).toBeUndefined();
    expect(isTempFileName('.a.csv.0123456789ab.tmp')).toBe(true);
  });

  it('stays within 255 bytes for the longest names the file system accepts', () => {
    for (const finalName of ['n'.repeat(240), 'n'.repeat(255), `${'é'.repeat(120)}.csv`, '😀'.repeat(63)]) {
      const name = tempFileName(finalName);
      // A writer may add `.part` (an append's rows) and still stay within the limit.
      expect(Buffer.byteLength(`${name}.part`)).toBeLessThanOrEqual(255);
      expect(isTempFileName(name)).toBe(true);
      expect(isTempFileName(`${name}.part`)).toBe(true);
      expect(name).not.toContain('\uFFFD');
    }
  });

  it('recognises only its own shape', () => {
    expect(isTempFileName('.data.csv.tmp')).toBe(false);
    expect(isTempFileName('data.csv.0123456789ab.tmp')).toBe(false);
    expect(isTempFileName('.data.csv.0123456789AB.tmp')).toBe(false);
  });

  it('truncates by bytes without splitting a character', () => {
    expect(truncateToBytes('aé😀', 3)).toBe('aé');
    expect(truncateToBytes('aé😀', 6)).toBe('aé');
    expect(truncateToBytes('aé😀', 7)).toBe('aé😀');
  });
});
