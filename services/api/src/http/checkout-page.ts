// Serves the hosted checkout page (packages/checkout-page, built into its dist/) outside /v1:
//   GET /checkout/{session_id}     the page (one static HTML file for every session)
//   GET /checkout/assets/{file}    its script and style sheet (content-hashed names, cached for good)
// The service only serves the files: the page reads the session id from its own path and the
// client_token from the URL fragment (which no server ever receives), and calls the two payer
// endpoints under /v1 with the token in X-Checkout-Token (docs/checkout-page.md).
import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';

import { checkoutPagePath } from '../collections/index.ts';

export { checkoutPagePath };
const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Strict: the page's own script and style only, API calls to this origin only, no frames, no
 * forms posted anywhere, no <base>, and Trusted Types so no string can ever become HTML or script.
 */
export const checkoutPageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The base of checkout_url: PUBLIC_BASE_URL, or in development (unset) the origin the request
 * reached the service at. A Host header that is not a plain host[:port] is not echoed into a URL;
 * localhost on the configured port stands in.
 */
export function publicBaseUrlFor(req: Request, config: Pick<Config, 'publicBaseUrl' | 'port'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = req.get('host');
  return `${req.protocol}://${host && hostPattern.test(host) ? host : `localhost:${config.port}`}`;
}

/** Headers on every response of the page: the token must never leave in a Referer. */
function setPageHeaders(res: Response): void {
  res.set({
    'Content-Security-Policy': checkoutPageCsp,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
}

export function checkoutPage(deps: { dir: string; logger: Logger }): Router {
  const router = express.Router();
  const indexFile = path.join(deps.dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    deps.logger.warn('hosted checkout page not built: GET /checkout/{id} answers 404 until it is (make install builds it)', { dir: deps.dir });
  }

  router.get(`${checkoutPagePath}/:sessionId`, (req, res, next) => {
    if (!sessionIdPattern.test(String(req.params.sessionId)) || !fs.existsSync(indexFile)) return next();
    setPageHeaders(res);
    // The HTML names the current assets: always revalidate it, so a deploy takes effect at once.
    res.set('Cache-Control', 'no-cache');
    res.sendFile(indexFile, { dotfiles: 'deny', lastModified: false });
  });

  router.use(`${checkoutPagePath}/assets`, express.static(path.join(deps.dir, 'assets'), {
    index: false,
    redirect: false,
    dotfiles: 'deny',
    fallthrough: true,
    // Content-hashed names (the build script): a name never changes meaning.
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => setPageHeaders(res),
  }));
  return router;
}
