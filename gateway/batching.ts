import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../lib/principal';

type AdmitKeyOperation = (apiKeyId: string) => Promise<{ limit: number; windowMs: number; retryAfterSeconds: number } | null>;

/**
 * A JSON array body on POST /graphql is a batch, as Apollo Client's BatchHttpLink sends it; Apollo Server
 * (allowBatchedHttpRequests) answers an array in the same order, each operation on its own (one failing
 * operation does not fail the others). Before that, this bounds the batch (VIGIL_GRAPHQL_MAX_BATCH
 * operations, 400 beyond or when empty) and charges every operation after the first to the key's rate
 * budget (the first was charged as the request), so a batch of n costs what n requests cost. The cost
 * limit and the other request limits run per operation inside Apollo.
 */
export function useBatchLimits(maxOperations: number, admitKeyOperation: AdmitKeyOperation) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!Array.isArray(req.body)) return next();
    const operations = req.body.length;
    if (operations === 0 || operations > maxOperations) {
      const message =
        operations === 0 ? 'A batch must hold at least one operation' : `A batch may hold at most ${maxOperations} operations; this one holds ${operations}`;
      res.status(400).json({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    const principal = res.locals.principal as Principal | null;
    if (principal) {
      for (let i = 1; i < operations; i++) {
        const over = await admitKeyOperation(principal.apiKeyId);
        if (over) {
          res.setHeader('Retry-After', String(over.retryAfterSeconds));
          const message = `Too many requests: at most ${over.limit} operations per ${Math.round(over.windowMs / 1000)} s for this API key; retry after the number of seconds in Retry-After`;
          res.status(429).json({ errors: [{ message, extensions: { code: 'RATE_LIMITED' } }] });
          return;
        }
      }
    }
    next();
  };
}
