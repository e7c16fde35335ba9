import { parseSparkUrl, redactToken } from './url';

describe('Spark Connect URL', () => {
  it('reads host, port and the known parameters', () => {
    expect(parseSparkUrl('sc://localhost')).toEqual({ host: 'localhost', port: 15002, address: 'localhost:15002', useSsl: false, headers: {} });
    expect(parseSparkUrl('sc://spark.example.com:443/;token=abc%3Bdef;user_id=etl;use_ssl=true;user_agent=me;grpc_max_message_size=1048576;x-trace=1')).toEqual({
      host: 'spark.example.com',
      port: 443,
      address: 'spark.example.com:443',
      token: 'abc;def',
      userId: 'etl',
      userAgent: 'me',
      useSsl: true,
      maxMessageBytes: 1048576,
      headers: { 'x-trace': '1' },
    });
    expect(parseSparkUrl('sc://[::1]:15010/').address).toBe('[::1]:15010');
    expect(parseSparkUrl('SC://h:1/;').port).toBe(1);
  });

  it.each([
    ['', 'the URL is empty'],
    ['localhost:15002', 'expected sc://host:port'],
    ['http://localhost:15002', 'the scheme must be "sc", not "http"'],
    ['sc://', 'the host is missing'],
    ['sc://:15002', 'the host is missing'],
    ['sc://h:0', 'the port "0" is not a number from 1 to 65535'],
    ['sc://h:70000', 'the port "70000" is not a number from 1 to 65535'],
    ['sc://h:12ab', 'the port "12ab" is not a number'],
    ['sc://h:1:2', 'an IPv6 host must be in brackets'],
    ['sc://[::1', 'the IPv6 host has no closing "]"'],
    ['sc://user@h', 'user information before the host is not allowed'],
    ['sc://h/path', 'the path must be empty; parameters follow "/;" (got "/path")'],
    ['sc://h/;token', 'parameter "token" is not name=value'],
    ['sc://h/;token=', 'token is empty'],
    ['sc://h/;use_ssl=yes', 'use_ssl must be true or false (got "yes")'],
    ['sc://h/;user_id=a;user_id=b', 'parameter "user_id" is given twice'],
    ['sc://h/;session_id=x', 'parameter "session_id" is not supported'],
    ['sc://h/;Bad Header=1', 'parameter "Bad Header" is neither a known parameter nor a valid header name'],
    ['sc://h/;grpc_max_message_size=12', 'grpc_max_message_size must be a whole number of bytes of at least 1024'],
    ['sc://h/;user_id=%zz', 'parameter "user_id" has a malformed %-escape'],
    ['sc://h o', 'the host "h o" has characters a host name cannot have'],
  ])('refuses %j: %s', (url, reason) => {
    let error: unknown;
    try {
      parseSparkUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'SPARK_INVALID_URL' });
    expect((error as Error).message).toContain(reason);
    expect((error as Error).message).toMatch(/^invalid Spark Connect URL "/);
  });

  it('never repeats a token in its errors', () => {
    expect(() => parseSparkUrl('sc://h:x/;token=s3cret')).toThrow(/token=<redacted>/);
    expect(() => parseSparkUrl('sc://h:x/;token=s3cret')).not.toThrow(/s3cret/);
    expect(redactToken('sc://h/;user_id=a;token=s3cret;x=1')).toBe('sc://h/;user_id=a;token=<redacted>;x=1');
  });
});
