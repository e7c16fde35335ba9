import { ClientError, Status } from 'nice-grpc';
import { callError } from './call-errors';

const address = '127.0.0.1:15002';

describe('callError', () => {
  it('calls a server stopping under a query "unavailable", with the first line of its message as the reason', () => {
    const message = [
      'Cannot call methods on a stopped SparkContext.',
      'This stopped SparkContext was created at:',
      '',
      'org.apache.spark.sql.connect.service.SparkConnectServer.main(SparkConnectServer.scala)',
    ].join('\n');
    const e = callError(new ClientError('/spark.connect.SparkConnectService/ExecutePlan', Status.INTERNAL, message), { message, exception: 'java.lang.IllegalStateException' }, { address });
    expect(e.code).toBe('SPARK_UNAVAILABLE');
    expect(e.message).toBe(`spark unavailable: the server is shutting down: Cannot call methods on a stopped SparkContext. (${address})`);
  });

  it('calls a job cancelled by the context shutting down "unavailable" too', () => {
    const message = 'Job 3 cancelled because SparkContext was shut down';
    const e = callError(new ClientError('/spark.connect.SparkConnectService/ExecutePlan', Status.INTERNAL, message), { message, exception: 'org.apache.spark.SparkException' }, { address });
    expect(e.code).toBe('SPARK_UNAVAILABLE');
  });

  it("calls grpc-java's bare answer to an exception escaping the server's handler \"unavailable\" (a server stopping under a call)", () => {
    const message = 'Application error processing RPC';
    const e = callError(new ClientError('/spark.connect.SparkConnectService/ExecutePlan', Status.UNKNOWN, message), { message }, { address });
    expect(e.code).toBe('SPARK_UNAVAILABLE');
    expect(e.message).toBe(`spark unavailable: the server failed the call without an error of its own (Application error processing RPC): it may be stopping (${address})`);
    // The same words with Spark's own error class are the query's failure.
    const classed = callError(new ClientError('/spark.connect.SparkConnectService/ExecutePlan', Status.UNKNOWN, message), { message, errorClass: 'INTERNAL_ERROR' }, { address });
    expect(classed.code).toBe('SPARK_QUERY_FAILED');
  });

  it('keeps a query failure a query failure', () => {
    const message = '[DIVIDE_BY_ZERO] Division by zero.';
    const e = callError(new ClientError('/spark.connect.SparkConnectService/ExecutePlan', Status.INTERNAL, message), { message, errorClass: 'DIVIDE_BY_ZERO', sqlState: '22012' }, { address });
    expect(e.code).toBe('SPARK_QUERY_FAILED');
    expect(e.message).toBe('spark query failed [DIVIDE_BY_ZERO] (SQLSTATE 22012): Division by zero.');
  });
});
