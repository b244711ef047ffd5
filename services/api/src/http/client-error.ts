// Requests Node's HTTP parser refuses before Express sees them (an over-long request target or
// header block, bytes that are not HTTP, conflicting framing headers, a request that did not
// arrive in time) are answered here, on the server's 'clientError' event, with the same failure
// envelope every other response uses (issue 22 item 5; docs/decisions/0453-parser-refusals-answer-the-envelope.md).
// Node's default handler writes a bare status line with an empty body.
//
//   HPE_HEADER_OVERFLOW, the request line alone over the limit -> 414 URI_TOO_LONG (16 KiB, Node's
//                                                                 maxHeaderSize, which counts
//                                                                 request line and headers together)
//   HPE_HEADER_OVERFLOW otherwise                              -> 431 HEADERS_TOO_LARGE
//   HPE_CHUNK_EXTENSIONS_OVERFLOW                               -> 413 PAYLOAD_TOO_LARGE
//   ERR_HTTP_REQUEST_TIMEOUT                                    -> 408 REQUEST_TIMEOUT
//   any other parse error                                       -> 400 BAD_REQUEST
//
// The connection is closed after the answer: after a parse error the parser cannot find where the
// next request starts. Nothing is written when the socket is gone, or when a response on it has
// already begun (its bytes would be corrupted), as Node's own handler does.
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorCode, errorStatusByCode } from './errors.ts';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The start of a request line: a method token and one space. */
const requestLineStart = /^[A-Z]{1,20} /;

/**
 * True when the request line alone fills the header limit: its end is not in sight, or it is
 * longer than the limit (the parser counts the request line and the headers together).
 */
function requestLineOverflows(packet: string, headerLimitBytes: number): boolean {
  if (!requestLineStart.test(packet)) return false;
  const lineEnd = packet.indexOf('\n');
  return lineEnd < 0 || lineEnd >= headerLimitBytes;
}

export type ParserRefusal = { code: ErrorCode; message: string };

/** What to answer for a parser-level failure (pure, for tests). */
export function parserRefusalOf(error: ClientError, headerLimitBytes: number = maxHeaderSize): ParserRefusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const packet = error.rawPacket?.toString('latin1') ?? '';
      return requestLineOverflows(packet, headerLimitBytes)
        ? { code: 'URI_TOO_LONG', message: 'The request target (path and query) is too long.' }
        : { code: 'HEADERS_TOO_LARGE', message: 'The request line and headers together are too large.' };
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The chunk extensions of the request body are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.' };
    default:
      return { code: 'BAD_REQUEST', message: 'The request is not valid HTTP/1.1 and could not be read.' };
  }
}

/** The whole HTTP response, envelope body included, as bytes for the raw socket. */
export function parserRefusalResponse(refusal: ParserRefusal, requestId: string = randomUUID()): string {
  const status = errorStatusByCode[refusal.code];
  const body = JSON.stringify({ data: null, error: { code: refusal.code, message: refusal.message }, meta: { request_id: requestId } });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n`
    + 'Content-Type: application/json; charset=utf-8\r\n'
    + `Content-Length: ${Buffer.byteLength(body)}\r\n`
    + `X-Request-Id: ${requestId}\r\n`
    + 'Connection: close\r\n\r\n'
    + body;
}

export function answerParserRefusals(server: Server): void {
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    // The server takes Node's default limit (no maxHeaderSize option is set where it is created).
    const refusal = parserRefusalOf(error, maxHeaderSize);
    const requestId = randomUUID();
    socket.end(parserRefusalResponse(refusal, requestId));
  });
}
