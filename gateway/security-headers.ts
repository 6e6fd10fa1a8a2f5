import { createHash } from 'node:crypto';
import type express from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): `X-Content-Type-Options: nosniff`, framing refused
 * (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), `Referrer-Policy: no-referrer`, and a
 * Content-Security-Policy that lets an API answer (JSON, a /storage download) load and run nothing
 * (`default-src 'none'; sandbox`), so a stored file opened in a browser cannot run script on Vigil's
 * origin. The three pages (/dashboard, the IDE on /graphql, /docs) replace that policy with their own
 * (`pagePolicy`): their scripts and styles from Vigil only, no inline script unless its hash is listed.
 *
 * `Cache-Control: no-store` is the default for every answer: API answers are private to their key and
 * some carry a secret (a new API key, a webhook's signing secret); static assets set their own.
 * No Strict-Transport-Security: Vigil speaks plain HTTP; HSTS is the TLS terminator's to send.
 */
export function useSecurityHeaders(): express.RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], sandbox: [] },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
    }),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}

/** The directives a page may add to the base `default-src 'self'` policy (sources per directive). */
export interface PagePolicy {
  scriptSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
  fontSrc?: string[];
  workerSrc?: string[];
}

/**
 * A page's own Content-Security-Policy: everything from Vigil's origin only (`connect-src 'self'`
 * covers the same-origin WebSocket), nothing framing it, no plugins, no `<base>`, forms posting
 * nowhere; `extra` adds what that page needs (an inline script's hash, data: images).
 */
export function pagePolicy(extra: PagePolicy = {}): express.RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
      styleSrc: ["'self'", ...(extra.styleSrc ?? [])],
      imgSrc: ["'self'", ...(extra.imgSrc ?? [])],
      fontSrc: ["'self'", ...(extra.fontSrc ?? [])],
      workerSrc: ["'self'", ...(extra.workerSrc ?? [])],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  });
}

/** The CSP source allowing one inline `<script>` or `<style>` whose text is exactly `content`. */
export function inlineHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}
