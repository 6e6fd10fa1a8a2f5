import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { HTTP_STATUS } from './errors';

/**
 * Requests node:http refuses before any route sees them (headers too large, a request that is not
 * HTTP, headers or body too slow) answer in the API's error shape instead of a bare status line, and
 * the connection closes (with `nosniff`, as every answer; these never reach helmet in
 * gateway/security-headers.ts). A socket already gone (reset, or a response under way) is just destroyed.
 */
const REFUSALS: Record<string, [keyof typeof HTTP_STATUS, string]> = {
  HPE_HEADER_OVERFLOW: ['REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request line or headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request was not received in time'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'The chunk extensions are too large'],
};

export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const writable = socket.writable && !(socket as Duplex & { _httpMessage?: unknown })._httpMessage;
    if (error.code === 'ECONNRESET' || !writable) {
      socket.destroy();
      return;
    }
    const [code, message] = REFUSALS[error.code ?? ''] ?? ['BAD_REQUEST', 'The request is not valid HTTP'];
    const { status: statusCode, error: name } = HTTP_STATUS[code];
    const body = JSON.stringify({ statusCode, error: name, message });
    socket.end(
      `HTTP/1.1 ${statusCode} ${name.replace(/([a-z])([A-Z])/g, '$1 $2')}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
