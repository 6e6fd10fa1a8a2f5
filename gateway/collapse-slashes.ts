import type express from 'express';

/** The Python SDK builds `base + path`, so a base URL ending in `/` sends `//me`: repeated slashes collapse. */
export function useCollapsedSlashes(): express.RequestHandler {
  return (req, _res, next) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (path.includes('//')) req.url = path.replace(/\/{2,}/g, '/') + (q < 0 ? '' : req.url.slice(q));
    next();
  };
}
