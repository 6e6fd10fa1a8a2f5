import type express from 'express';

/**
 * The origin (`http(s)://host[:port]`) a client reached Vigil at, for the links answers carry when
 * VIGIL_PUBLIC_URL is unset. It comes from the request's `Host`; `X-Forwarded-Proto` /
 * `X-Forwarded-Host` count only when VIGIL_TRUST_PROXY says the peer is a proxy of this deployment
 * (express's `trust proxy`, set in gateway/http-app.ts, decides that for `req.protocol` / `req.host`).
 * Headers are client input: a value that is not a bare host[:port] never reaches a link.
 */

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port: nothing else. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** `http(s)://host[:port]` when `value` is exactly that (lower-cased), else undefined. */
export function cleanOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined;
  const match = /^(https?):\/\/(.+)$/.exec(value);
  if (!match || !HOST.test(match[2])) return undefined;
  const port = /:(\d{1,5})$/.exec(match[2]);
  if (port && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return undefined;
  return `${match[1]}://${match[2]}`.toLowerCase();
}

/** What the address the connection came in on says, for a request whose headers name no usable host. */
function socketOrigin(req: express.Request): string {
  let address = req.socket.localAddress ?? '127.0.0.1';
  if (address.startsWith('::ffff:') && address.includes('.')) address = address.slice('::ffff:'.length);
  const host = address.includes(':') ? `[${address}]` : address;
  return `${'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http'}://${host}:${req.socket.localPort}`;
}

/** The request's own origin: from its headers (trusted forwarded ones included) when clean, else the socket's address. */
export function requestOrigin(req: express.Request): string {
  return cleanOrigin(`${req.protocol}://${req.host ?? ''}`) ?? socketOrigin(req);
}

/**
 * VIGIL_TRUST_PROXY as express's `trust proxy` value: unset / `false` → no proxy is trusted (the
 * default: forwarded headers are ignored); `true` → the peer is always a proxy (only behind a proxy
 * that overwrites these headers); otherwise a comma-separated list of proxy addresses or subnets
 * (`10.0.0.1`, `10.0.0.0/8`, `loopback`, `uniquelocal`), trusted when the request comes from one.
 */
export function trustProxySetting(raw: string | undefined): boolean | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || ['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(value.toLowerCase())) return true;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const address = /^(?:loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(?:\/\d{1,3})?)$/;
  const bad = entries.find((entry) => !address.test(entry));
  if (bad !== undefined) throw new Error(`VIGIL_TRUST_PROXY must be true, false or a comma-separated list of proxy addresses or subnets, got "${bad}"`);
  return entries;
}
