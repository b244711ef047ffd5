// One log line per request, when its answer is sent (or the client went away first): who asked
// for which operation, how it ended and how long it took. Fields, by name:
//   request_id   the X-Request-Id of the answer (app.ts generates it)
//   method       the HTTP method
//   operation    the spec's operationId for a matched API request; otherwise "METHOD /first-segment/*"
//                (pages, /healthz, refused paths): never the path's ids or tokens, never a query
//   status       the answer's status code
//   latency_ms   from this middleware to the last byte handed to the socket, 0.01 ms steps
//   merchant_id, key_id   when a merchant credential was accepted; partner_id, key_id for a partner
//   aborted      true when the client closed the connection before the answer was complete
// Never a body, a header or a query value: those are where the secrets travel.
// A small middleware of ours over the service's logger rather than pino-http (decision 0550).
import type { NextFunction, Request, Response } from 'express';
import type { PartnerPrincipal } from '../auth/authenticate-partner.ts';
import type { Principal } from '../auth/principal.ts';
import type { Logger } from '../log.ts';
import type { RouteMatch } from './route-match.ts';

/** The line's message, for grepping: `"msg":"request"`. */
export const requestLogMessage = 'request';

/** "GET /checkout/*": the path's first segment only, so no id or token of a later one reaches the line. */
function unmatchedOperation(req: Request): string {
  const path = req.path;
  const end = path.indexOf('/', 1);
  return `${req.method} ${end === -1 ? path : `${path.slice(0, end)}/*`}`;
}

function callerOf(res: Response): Record<string, string> {
  const merchant = res.locals.principal as Principal | undefined;
  if (merchant) return { merchant_id: merchant.merchant.id, key_id: merchant.apiKey.id };
  const partner = res.locals.partnerPrincipal as PartnerPrincipal | undefined;
  if (partner) return { partner_id: partner.partner.id, key_id: partner.apiKey.id };
  return {};
}

export function logRequests(logger: Logger) {
  return function logRequest(req: Request, res: Response, next: NextFunction): void {
    const startNs = process.hrtime.bigint();
    let logged = false;
    const log = (aborted: boolean) => {
      if (logged) return;
      logged = true;
      const route = res.locals.route as RouteMatch | undefined;
      logger.info(requestLogMessage, {
        request_id: res.locals.requestId,
        method: req.method,
        operation: route ? route.operation.operationId : unmatchedOperation(req),
        status: res.statusCode,
        latency_ms: Math.round(Number(process.hrtime.bigint() - startNs) / 10_000) / 100,
        ...callerOf(res),
        ...(aborted ? { aborted: true } : {}),
      });
    };
    res.once('finish', () => log(false));
    res.once('close', () => log(!res.writableFinished));
    next();
  };
}
