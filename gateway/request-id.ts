import { randomUUID } from 'node:crypto';
import type express from 'express';
import { REQUEST_ID_HEADER } from '../lib/principal';

/** Every request gets an id (the caller's `x-request-id`, else a new one): echoed back, logged, passed to subgraphs. */
export function useRequestId(): express.RequestHandler {
  return (req, res, next) => {
    const requestId = req.header(REQUEST_ID_HEADER) ?? randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.locals.requestId = requestId;
    next();
  };
}
