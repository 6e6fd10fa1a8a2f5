import { GraphQLError } from 'graphql';

/** The five codes a client can see; every failure we mean to report is one of these. */
export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT';

export const HTTP_STATUS: Record<ErrorCode | 'INTERNAL_SERVER_ERROR', { status: number; error: string }> = {
  BAD_REQUEST: { status: 400, error: 'BadRequest' },
  UNAUTHENTICATED: { status: 401, error: 'Unauthorized' },
  FORBIDDEN: { status: 403, error: 'Forbidden' },
  NOT_FOUND: { status: 404, error: 'NotFound' },
  CONFLICT: { status: 409, error: 'Conflict' },
  INTERNAL_SERVER_ERROR: { status: 500, error: 'InternalServerError' },
};

export class VigilError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The input field at fault, for BAD_REQUEST. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'VigilError';
  }

  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, {
      extensions: { code: this.code, ...(this.field ? { field: this.field } : {}) },
    });
  }
}

export const badRequest = (message: string, field?: string) => new VigilError('BAD_REQUEST', message, field);
export const notFound = (what: string) => new VigilError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new VigilError('FORBIDDEN', message);
export const conflict = (message: string) => new VigilError('CONFLICT', message);
export const unauthenticated = (message = 'A valid API key is required: Authorization: Bearer <key>') =>
  new VigilError('UNAUTHENTICATED', message);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in HTTP_STATUS && code !== 'INTERNAL_SERVER_ERROR';
}

/** The REST error body of the spec: {statusCode, error, message}. */
export function restErrorBody(code: ErrorCode | 'INTERNAL_SERVER_ERROR', message: string) {
  const { status, error } = HTTP_STATUS[code];
  return { statusCode: status, error, message };
}
