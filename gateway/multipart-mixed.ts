/**
 * The `multipart/mixed` framing Apollo's clients read (RFC 2046, boundary `graphql`), shared by the
 * multipart subscriptions (gateway/subscriptions/multipart-transport.ts) and @defer's incremental
 * delivery (gateway/defer/). Each part is written with the delimiter that follows it, so a client
 * (Apollo Client splits on `\r\n--graphql`) reads a part as soon as it is written, not with the next one.
 */
export const OPEN = '\r\n--graphql';
/** One JSON part, then the delimiter. */
export const part = (value: unknown): string => `\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(value)}${OPEN}`;
/** After the last part's delimiter: `--graphql--`, the end of the body. */
export const CLOSE = '--\r\n';

/**
 * Whether an Accept header offers `multipart/mixed` with the parameter `name=value` (quoted or not,
 * any case): `subscriptionSpec=1.0` (Apollo's multipart subscriptions), `deferSpec=20220824` (@defer).
 */
export function acceptsMultipart(accept: string | undefined, name: string, value: string): boolean {
  if (!accept) return false;
  const wanted = `${name}=${value}`.toLowerCase();
  return accept.split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((p) => p.trim().toLowerCase());
    return type === 'multipart/mixed' && parameters.some((p) => p.replace(/\s+/g, '').replace(/"/g, '') === wanted);
  });
}
