/**
 * A small HTTP listener that answers `GET /metrics` (and nothing else) for a server whose own
 * port does not speak HTTP/1.1: the gRPC server's metrics port. Plain `node:http`, no framework.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceMetrics } from './service-metrics';

/** Where the listener binds; port 0 picks a free port. */
export interface MetricsListenerOptions {
  readonly host: string;
  readonly port: number;
}

/** A listening metrics endpoint. */
export interface MetricsListener {
  /** The bound port (the real one when 0 was asked). */
  readonly port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Serves `metrics` at `GET /metrics` (HEAD too); any other path is 404, any other method 405. */
export async function serveMetrics(metrics: ServiceMetrics, options: MetricsListenerOptions): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    // As on the HTTP server: no browser reads these answers as anything but their declared type.
    res.setHeader('x-content-type-options', 'nosniff');
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: the metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('method not allowed\n');
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${(error as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
