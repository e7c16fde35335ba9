// The benches' HTTP client of the built server: JSON requests over one keep-alive agent, and a job
// submitted and waited for. Plain node:http: the figures include no client library's overhead.
'use strict';
const http = require('node:http');

/** A client whose agent keeps up to `maxSockets` connections open; `destroy()` closes them. */
function createHttpClient({ maxSockets = Infinity } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  /**
   * Sends `body` as JSON; resolves the parsed answer, rejects on a status of 400 or more. A kept
   * socket the server closed while idle (its keep-alive timeout passed while this process was
   * busy generating data, so the close was not seen yet) fails at once with ECONNRESET or EPIPE
   * before the server read anything: that request is sent once more on a fresh socket.
   */
  function request(port, method, urlPath, body, retried = false) {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        { host: '127.0.0.1', port, method, path: urlPath, agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => (res.statusCode >= 400 ? reject(new Error(`${method} ${urlPath}: ${res.statusCode} ${text}`)) : resolve(JSON.parse(text))));
        },
      );
      req.on('error', (error) => {
        if (!retried && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve(request(port, method, urlPath, body, true));
        else reject(error);
      });
      req.end(data);
    });
  }

  /** Submits `yaml` (with `fields` such as `backend`) and waits for its end; a job that does not complete throws. */
  async function runJob(port, yaml, fields = {}) {
    const { job_id: id } = await request(port, 'POST', '/api/jobs', { yaml, ...fields });
    for (;;) {
      const job = await request(port, 'GET', `/api/jobs/${id}/wait?timeout=600`);
      if (job.status === 'completed') return job;
      if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`job ${id} ${job.status}: ${JSON.stringify(job.error ?? job)}`);
    }
  }

  return { request, runJob, destroy: () => agent.destroy() };
}

module.exports = { createHttpClient };
