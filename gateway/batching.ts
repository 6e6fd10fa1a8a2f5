import type { NextFunction, Request, Response } from 'express';
import { parse, visit } from 'graphql';
import { countTokens } from '../lib/document-tokens';
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
export function useBatchLimits(limits: { maxBatch: number; maxTokens: number }, admitKeyOperation: AdmitKeyOperation) {
  const maxOperations = limits.maxBatch;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!Array.isArray(req.body)) return next();
    const operations = req.body.length;
    if (operations === 0 || operations > maxOperations) {
      const message =
        operations === 0 ? 'A batch must hold at least one operation' : `A batch may hold at most ${maxOperations} operations; this one holds ${operations}`;
      res.status(400).json({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    for (const [index, operation] of (req.body as unknown[]).entries()) {
      const refusal = refusalOf(operation, limits.maxTokens);
      if (refusal) {
        res.status(400).json({ errors: [{ message: `Operation ${index} of the batch: ${refusal}`, extensions: { code: 'BAD_REQUEST' } }] });
        return;
      }
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

/**
 * Why one operation of a batch is refused before anything runs: not a request object, a document over the
 * token limit (the single-request check, lib/document-tokens.ts, reads only a top-level `query`), or a
 * subscription or @defer/@stream, whose answers are streams that a batch's one JSON array cannot carry.
 */
function refusalOf(operation: unknown, maxTokens: number): string | null {
  const query = (operation as { query?: unknown } | null)?.query;
  if (!operation || typeof operation !== 'object' || Array.isArray(operation) || typeof query !== 'string')
    return 'each operation must be an object with a "query" string';
  if (maxTokens > 0 && countTokens(query, maxTokens) > maxTokens) return `the document has more than ${maxTokens} tokens, the limit (VIGIL_GRAPHQL_MAX_TOKENS)`;
  let streamed: string | null = null;
  try {
    visit(parse(query), {
      OperationDefinition(node) {
        if (node.operation === 'subscription') streamed = 'a subscription cannot be batched; open it over graphql-ws, SSE or multipart HTTP';
      },
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') streamed = `@${node.name.value} cannot be batched; send the operation on its own`;
      },
    });
  } catch {
    return null; // a parse error is answered by Apollo for that operation alone
  }
  return streamed;
}
