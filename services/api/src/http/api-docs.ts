// Serves the API reference outside /v1 (not a spec operation, no credential, every mode):
//   GET /docs, /docs/merchant   the merchant API (spec/merchant.yaml)
//   GET /docs/partner           the partner API (spec/partner.yaml)
//   GET /docs/ops               the operators' API (spec/ops.yaml, served at /ops/v1; decision 0782)
// Each is one self-contained HTML file that @redocly/cli rendered from spec/ with Redoc's bundle
// inlined (`make docs`, also run by `make install`), so a page fetches nothing from any CDN.
// Built ahead, never at start or on request: rendering takes seconds and a whole toolchain
// (docs/decisions/0530).
import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { Logger } from '../log.ts';

/** The built file of each page path. */
export const apiDocsPages: Record<string, string> = {
  '/docs': 'merchant.html',
  '/docs/merchant': 'merchant.html',
  '/docs/partner': 'partner.html',
  '/docs/ops': 'ops.html',
};

/**
 * Redoc runs inline scripts and styles and draws from data: and blob: URLs; everything else only
 * from this origin, so the page cannot load (or send) anything elsewhere.
 */
export const apiDocsCsp = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function apiDocs(deps: { dir: string; logger: Logger }): Router {
  const router = express.Router();
  const missing = [...new Set(Object.values(apiDocsPages))].filter((file) => !fs.existsSync(path.join(deps.dir, file)));
  if (missing.length > 0) {
    deps.logger.warn('API reference not built: /docs answers 404 until it is (`make docs`; `make install` builds it)', { dir: deps.dir, missing });
  }
  for (const [pagePath, file] of Object.entries(apiDocsPages)) {
    const builtFile = path.join(deps.dir, file);
    router.get(pagePath, (_req, res, next) => {
      if (!fs.existsSync(builtFile)) return next();
      res.set({
        'Content-Security-Policy': apiDocsCsp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        // A rebuilt reference (a deploy) takes effect at once.
        'Cache-Control': 'no-cache',
      });
      res.sendFile(builtFile, { dotfiles: 'deny', lastModified: false });
    });
  }
  return router;
}
