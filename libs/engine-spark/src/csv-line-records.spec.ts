/** When Spark may split a CSV input into line-based tasks (csv-line-records.ts), on real files. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readFormatOptions } from '@pipeline/engine-core';
import { csvLinesAreRecords } from './csv-line-records';

const csv = (options: Record<string, string> = {}) => {
  const read = readFormatOptions('csv', options);
  if (read.format !== 'csv') throw new Error('csv expected');
  return read.csv;
};

describe('csvLinesAreRecords', () => {
  let dir: string;
  const file = (name: string, content: string | Buffer): string => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-lines-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is true for a UTF-8 file without a quote character', async () => {
    expect(await csvLinesAreRecords(file('plain.csv', 'a,b\n1,x\n2,y\n'), csv())).toBe(true);
  });

  it('is false as soon as the quote character appears anywhere, past the first chunks too', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 'a,b\n');
    expect(await csvLinesAreRecords(file('late.csv', Buffer.concat([big, Buffer.from('"x\ny",1\n')])), csv())).toBe(false);
    expect(await csvLinesAreRecords(file('big.csv', big), csv())).toBe(true);
    // Another quote character is the one looked for.
    expect(await csvLinesAreRecords(file('single.csv', "a,b\n'x',1\n"), csv({ quote: "'" }))).toBe(false);
    expect(await csvLinesAreRecords(file('double.csv', 'a,b\n"x",1\n'), csv({ quote: "'" }))).toBe(true);
  });

  it('is false where the server cannot tell: compressed, another encoding, a directory, no file', async () => {
    expect(await csvLinesAreRecords(file('plain.csv.gz', 'a,b\n1,x\n'), csv())).toBe(false);
    expect(await csvLinesAreRecords(file('latin.csv', 'a,b\n1,x\n'), csv({ encoding: 'latin-1' }))).toBe(false);
    expect(await csvLinesAreRecords(dir, csv())).toBe(false);
    expect(await csvLinesAreRecords(path.join(dir, 'missing.csv'), csv())).toBe(false);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(csvLinesAreRecords(file('plain.csv', 'a\n1\n'), csv(), controller.signal)).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });
});
