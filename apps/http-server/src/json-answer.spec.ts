import express from 'express';
import type { AddressInfo } from 'node:net';
import * as http from 'node:http';
import { answerJson } from './json-answer';

/** The same answer through express's res.json and through answerJson, compared on the wire. */
describe('answerJson', () => {
  let server: http.Server;
  let base: string;
  const body = { id: 'j1', status: 'queued', text: 'é ✓ "quoted"', list: [1, 2] };

  beforeAll(async () => {
    const app = express();
    app.disable('etag');
    app.get('/express', (_req, res) => void res.status(202).json(body));
    app.get('/lean', (_req, res) => answerJson(res, 202, body));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answer = async (path: string, method = 'GET') => {
    const res = await fetch(`${base}${path}`, { method });
    return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() };
  };

  it.each(['GET', 'HEAD'])('answers %s as res.json does: status, content type, length and body', async (method) => {
    const lean = await answer('/lean', method);
    expect(lean).toEqual(await answer('/express', method));
    expect(lean).toMatchObject({ status: 202, type: 'application/json; charset=utf-8', text: method === 'HEAD' ? '' : JSON.stringify(body) });
    expect(Number(lean.length)).toBe(Buffer.byteLength(JSON.stringify(body)));
  });
});
