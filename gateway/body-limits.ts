import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import express from 'express';
import { parser as jsonTokens } from 'stream-json';
import Assembler from 'stream-json/Assembler';
import type { RequestLimits } from '../lib/config';
import { VigilError } from '../lib/errors';
import type { Principal } from '../lib/principal';
import { refuse } from '../lib/refuse';
import { sendError } from './rest/table';

/**
 * How request bodies are read: which media types and charsets are understood (others are refused
 * with 415, never ignored: a list once answered unfiltered when its filter came as form data), how
 * large they may be once decompressed (413), and, for a findings document, that the caller may post
 * it at all before a byte of it is read.
 */

/** A body is present when its length is announced and above 0, or it is chunked. */
function hasBody(req: express.Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

const UTF8 = new Set(['utf-8', 'utf8', 'us-ascii']);

/**
 * Refuses a body this endpoint cannot read: a media type outside `types` (415), a charset other
 * than UTF-8 (415). A request without a body passes.
 */
export function useSupportedMediaTypes(types: readonly ('application/json' | 'text/plain')[]): express.RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const header = req.headers['content-type'];
    if (!header) return refuse(req, res, 'UNSUPPORTED_MEDIA_TYPE', `A request body needs a Content-Type: ${types.join(' or ')}`);
    const [mediaType, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
    const json = mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
    const accepted = (json && types.includes('application/json')) || (mediaType === 'text/plain' && types.includes('text/plain'));
    if (!accepted) return refuse(req, res, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type ${mediaType} is not supported here; send ${types.join(' or ')}`);
    const charset = parameters
      .find((p) => p.startsWith('charset='))
      ?.slice('charset='.length)
      .replace(/^"|"$/g, '');
    if (charset !== undefined && !UTF8.has(charset)) return refuse(req, res, 'UNSUPPORTED_MEDIA_TYPE', `charset ${charset} is not supported; send UTF-8`);
    next();
  };
}

/** JSON and text bodies, each capped after decompression (body-parser counts inflated bytes for gzip, deflate and br). */
export function useBodyParsers(limits: RequestLimits['body']): express.RequestHandler[] {
  return [
    useSupportedMediaTypes(['application/json', 'text/plain']),
    express.json({ limit: limits.jsonBytes }),
    express.text({ type: 'text/plain', limit: limits.textBytes }),
  ];
}

/**
 * `POST …/scantargets/:scanTargetId/findings` (up to `findingsBytes` decompressed): the caller must be
 * an ADMIN of the organization and the target live before the body is read. Measured before: any
 * valid key could make the gateway inflate and parse up to 256 MB; six at once stalled other users
 * for 21 s. A refused request's body is not parsed: the answer goes out at once and the connection
 * closes after a bounded drain (closeAfterDrain).
 */
/** How much of a refused body is still read (wire bytes) and for how long, before the connection is closed. */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Closes the connection after a refusal whose body is not read, without cutting off a client that
 * writes its whole body before it reads (Python's urllib): the answer is sent at once, complete (its
 * Content-Length), but the response is ended — and the connection closed — only once the rest of the
 * body has been read and dropped, up to DRAIN_BYTES or DRAIN_MS; past those it is cut. Closing with
 * unread bytes pending makes the kernel reset the connection, and the client saw a broken pipe instead
 * of the answer (4 of 8 tries). Call before sending the answer.
 */
export function closeAfterDrain(req: express.Request, res: express.Response): void {
  res.setHeader('connection', 'close');
  if (req.complete) return;
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  let answered: (() => void) | null = null;
  let drained = false;
  let seen = 0;
  const finish = () => {
    drained = true;
    clearTimeout(timer);
    req.off('data', count).off('end', finish).off('error', finish).off('close', finish);
    const close = answered;
    answered = null;
    close?.();
  };
  const count = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  timer.unref();
  req.on('data', count).once('end', finish).once('error', finish).once('close', finish);
  req.resume();
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof chunk === 'function') return end(chunk);
    if (chunk !== undefined && chunk !== null) res.write(chunk as Buffer, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding);
    const done = typeof encoding === 'function' ? encoding : callback;
    answered = () => end(done);
    if (drained) finish();
    return res;
  }) as express.Response['end'];
}

/** Refuses (throws a VigilError) unless the caller may post findings to that scan target: given by app/, which knows the alerts domain. */
export type AuthorizeFindingsUpload = (principal: Principal, organizationId: string, scanTargetId: string) => Promise<void>;

export function useFindingsUpload(authorizeUpload: AuthorizeFindingsUpload, limits: RequestLimits['body']): express.RequestHandler[] {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const authorize: express.RequestHandler = async (req, res, next) => {
    const { organizationId, scanTargetId } = req.params as Record<string, string>;
    if (!UUID.test(organizationId) || !UUID.test(scanTargetId)) {
      closeAfterDrain(req, res);
      return sendError(res, 'BAD_REQUEST', 'path: organizationId and scanTargetId must be UUIDs');
    }
    try {
      await authorizeUpload(res.locals.principal as Principal, organizationId, scanTargetId);
    } catch (error) {
      if (!(error instanceof VigilError)) return next(error);
      closeAfterDrain(req, res);
      return sendError(res, error.code, error.message);
    }
    next();
  };
  return [authorize, useSupportedMediaTypes(['application/json']), useStreamedJson(limits.findingsBytes)];
}

class BodyTooLarge extends Error {}

/** Counts the bytes that pass and fails past `limit`: the cap applies to what decompression produces. */
function byteCap(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(new BodyTooLarge());
      done(null, chunk);
    },
  });
}

function decompressor(encoding: string): Transform | null | undefined {
  if (encoding === 'identity') return null;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/**
 * Parses a JSON body as it arrives (stream-json): no copy of the whole text is held, and the parse
 * runs chunk by chunk between other requests instead of one JSON.parse holding the event loop.
 * Measured on a 65 MB findings document (250,000 findings): express.json 2.5 s with a 1.3 s
 * event-loop block; streamed 6.7 s in all, longest block 0.34 s. Slower per document, but the
 * process keeps answering everyone else while an upload is parsed.
 */
export function useStreamedJson(limitBytes: number): express.RequestHandler {
  return async (req, res, next) => {
    const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
    const inflate = decompressor(encoding);
    if (inflate === undefined)
      return refuse(req, res, 'UNSUPPORTED_MEDIA_TYPE', `Content-Encoding ${encoding} is not supported; send gzip, deflate, br or none`);
    if (!hasBody(req)) return next();
    const tokens = jsonTokens({ packValues: true, streamValues: false });
    const assembler = Assembler.connectTo(tokens as unknown as Readable);
    const stages: Transform[] = [...(inflate ? [inflate] : []), byteCap(limitBytes), tokens as unknown as Transform];
    // The request is piped in, not part of the pipeline: a failed parse must not destroy the socket
    // the refusal is answered on.
    const parsed = pipeline(stages as [Transform]);
    let aborted = false;
    const abort = (error?: Error) => {
      aborted = true;
      stages[0].destroy(error ?? new Error('request aborted'));
    };
    req.once('error', abort).once('aborted', abort);
    req.pipe(stages[0]);
    try {
      await parsed;
    } catch (error) {
      req.unpipe(stages[0]);
      if (error instanceof BodyTooLarge) {
        closeAfterDrain(req, res);
        return refuse(req, res, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limitBytes} bytes (decompressed), the limit here`);
      }
      if (res.headersSent || aborted) return;
      closeAfterDrain(req, res);
      return sendError(res, 'BAD_REQUEST', `body: ${(error as Error).message}`);
    }
    if (!assembler.done) return sendError(res, 'BAD_REQUEST', 'body: incomplete JSON');
    req.body = assembler.current;
    (req as { _body?: boolean })._body = true; // body-parser's mark: no later parser reads it again
    next();
  };
}

/** Body errors from body-parser in the spec's shape: 413 too large, 415 unsupported charset or encoding, 400 unreadable. */
export function bodyErrors(limits: RequestLimits['body']): express.ErrorRequestHandler {
  return (error: Error & { status?: number; type?: string; limit?: number }, req, res, next) => {
    if (error.type === 'entity.too.large' || error.status === 413) {
      closeAfterDrain(req, res);
      const limit = error.limit ?? (req.path.endsWith('/findings') ? limits.findingsBytes : limits.jsonBytes);
      return refuse(req, res, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes (decompressed), the limit here`);
    }
    if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported' || error.status === 415) {
      return refuse(req, res, 'UNSUPPORTED_MEDIA_TYPE', `body: ${error.message}`);
    }
    next(error);
  };
}
