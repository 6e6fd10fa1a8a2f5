import type express from 'express';
import { Lexer, Source, TokenKind } from 'graphql';
import { refuseGraphQL } from './refuse';

/** The number of lexical tokens of `query`, counting no further than `max + 1`. */
export function countTokens(query: string, max: number): number {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      if (++count > max) break;
    }
  } catch {
    // A syntax error: the parser reports it (cheaply: it stops there too).
  }
  return count;
}

/**
 * Refuses a document with more tokens than allowed before it is parsed (after authentication, which
 * decides the limit: a caller without a key may only introspect). Counting stops at the limit, so a
 * 2.7 MB alias bomb costs about as much as a document at the limit.
 */
export function useTokenLimit(limits: { maxTokens: number; anonymousMaxTokens?: number }): express.RequestHandler {
  return (req, res, next) => {
    const source = req.method === 'GET' ? req.query?.query : (req.body as { query?: unknown } | undefined)?.query;
    if (typeof source !== 'string') return next();
    const anonymous = limits.anonymousMaxTokens !== undefined && !res.locals.principal;
    const max = anonymous ? limits.anonymousMaxTokens! : limits.maxTokens;
    if (max > 0 && countTokens(source, max) > max) {
      return refuseGraphQL(
        res,
        'BAD_REQUEST',
        `The document has more than ${max} tokens, the limit${anonymous ? ' without an API key' : ''} ` +
          `(VIGIL_GRAPHQL_${anonymous ? 'ANONYMOUS_' : ''}MAX_TOKENS)`,
      );
    }
    next();
  };
}
