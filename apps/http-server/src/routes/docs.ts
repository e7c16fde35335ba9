/**
 * `GET /openapi.json` (the generated OpenAPI document) and `GET /docs/` (Swagger UI, served from
 * the installed swagger-ui-dist package, no CDN), and `GET /metrics` (Prometheus text format).
 */
import type { ServiceMetrics } from '@pipeline/metrics';
import { Router, type Request } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OpenApiDocument } from '../openapi/document';

/** The Swagger UI files the docs page loads (all of it that is served). */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

/** Swagger UI's starter: the document at `../openapi.json`, relative so that a path prefix in front keeps working. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pipeline service API</title>
  <link rel="stylesheet" href="swagger-ui.css">
  <link rel="icon" type="image/png" href="favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="favicon-16x16.png" sizes="16x16">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="swagger-ui-bundle.js"></script>
  <script src="init.js"></script>
</body>
</html>
`;

/**
 * The Swagger UI files: `swagger-ui/` beside the running bundle (the build copies them there),
 * else the installed package's folder (running from sources).
 */
export function defaultDocsAssetsDir(): string {
  const beside = path.join(__dirname, 'swagger-ui');
  if (fs.existsSync(path.join(beside, 'swagger-ui-bundle.js'))) return beside;
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** The documentation, document and metrics routes. */
export function docsRoutes(document: OpenApiDocument, metrics: ServiceMetrics, assetsDir: string): Router {
  const router = Router();
  const documentText = JSON.stringify(document);

  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(documentText);
  });

  router.get('/docs', (req, res) => {
    // The page's links are relative to `/docs/`; `/docs` gets there first.
    if (!pathOf(req).endsWith('/')) {
      res.redirect(301, 'docs/');
      return;
    }
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT_SCRIPT);
  });
  router.get('/docs/:file', (req, res, next) => {
    const file = DOCS_ASSETS.find((name) => name === req.params.file);
    if (file === undefined) return next();
    res.sendFile(file, { root: assetsDir, maxAge: '1d' });
  });

  router.get('/metrics', async (_req, res) => {
    const text = await metrics.text();
    // Set as prom-client writes it (res.send would reorder its parameters).
    res.setHeader('content-type', metrics.contentType);
    res.end(text);
  });
  return router;
}

function pathOf(req: Request): string {
  return req.originalUrl.split('?')[0];
}
