/**
 * Test support: every statement the engine's Spark sessions run while a function runs (SQL as its
 * text, other plans as `<plan>`). The spec must make the module's exports plain properties first:
 * `jest.mock('@pipeline/spark-connect', () => ({ __esModule: true, ...jest.requireActual('@pipeline/spark-connect') }))`.
 */
import * as sparkConnect from '@pipeline/spark-connect';

export async function statementsOf<T>(run: () => Promise<T>): Promise<{ statements: string[]; result: T }> {
  const statements: string[] = [];
  const real = sparkConnect.connectSpark;
  const spy = jest.spyOn(sparkConnect, 'connectSpark').mockImplementation((url, options) => {
    const client = real(url, options);
    return {
      ...client,
      session: (o) => {
        const s = client.session(o);
        return {
          ...s,
          id: s.id,
          sql: (text, c) => (statements.push(text), s.sql(text, c)),
          execute: (p, c) => (statements.push(p.root?.sql?.query ?? '<plan>'), s.execute(p, c)),
        };
      },
      close: () => client.close(),
    };
  });
  try {
    return { statements, result: await run() };
  } finally {
    spy.mockRestore();
  }
}
