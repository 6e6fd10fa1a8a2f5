import { randomUUID } from 'node:crypto';
import type express from 'express';
import { REQUEST_ID_HEADER } from '../lib/principal';
import { withRequestId } from '../lib/request-context';

/** What a caller's id may look like: it is echoed in a header, written to logs and passed to subgraphs. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Every request gets an id (the caller's `x-request-id` when it is safe, else a new one): echoed back, logged, passed to subgraphs. */
export function useRequestId(): express.RequestHandler {
  return (req, res, next) => {
    const given = req.header(REQUEST_ID_HEADER);
    const requestId = given !== undefined && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.locals.requestId = requestId;
    // Everything this request runs (in-process subgraphs, jobs it enqueues) knows its id.
    withRequestId(requestId, next);
  };
}
