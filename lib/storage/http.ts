import express from 'express';
import { log } from '../log';
import { refuseRest } from '../refuse';
import { ContentMismatch, contentDisposition, type ObjectStorage } from './object-storage';
import { openGrant } from './signed-tokens';

/**
 * The endpoints behind local-disk storage URLs: `PUT /storage/<token>` stores the body when its
 * length and MD5 are those the token was signed for (400 and nothing stored otherwise), `GET
 * /storage/<token>` streams the file with the type and file name the token names. No API key: the
 * signed, expiring token is the capability (as with S3 presigned URLs) — and a download URL signed for a
 * user serves only while that user may still read the file (`served`: a member removed, a share or
 * follow ended, stops it at once, not at the URL's expiry).
 */
export function localStorageRoutes(
  storage: ObjectStorage,
  secret: string,
  served: (key: string, userId: string | undefined) => Promise<boolean> = async () => true,
): express.Router {
  const router = express.Router();
  const refuse = (res: express.Response, status: 400 | 403 | 404, message: string) => {
    const code = status === 400 ? 'BAD_REQUEST' : status === 403 ? 'FORBIDDEN' : 'NOT_FOUND';
    refuseRest(res, code, message);
  };
  router.put('/storage/:token', async (req, res, next) => {
    const opened = openGrant(secret, req.params.token);
    if (!opened.ok || opened.grant.op !== 'put') return refuse(res, 403, `This upload URL is not valid (${opened.ok ? 'not an upload URL' : opened.reason})`);
    const { grant } = opened;
    const declared = req.header('content-length');
    if (declared !== undefined && Number(declared) !== grant.length)
      return refuse(res, 400, `Content-Length ${declared} is not the attachment's contentLength ${grant.length}`);
    const md5Header = req.header('content-md5');
    if (md5Header !== undefined && md5Header !== grant.md5) return refuse(res, 400, `Content-MD5 ${md5Header} is not the attachment's contentMD5`);
    try {
      await storage.put(grant.key, req, { length: grant.length ?? 0, md5: grant.md5 ?? '' }, grant.contentType);
      res.status(200).json({ key: grant.key, contentLength: grant.length });
    } catch (error) {
      if (error instanceof ContentMismatch) {
        // Drain what the client still sends so it reads the answer instead of a reset connection.
        req.resume();
        return refuse(res, 400, `${error.field}: ${error.message}; nothing was stored`);
      }
      next(error);
    }
  });
  router.get('/storage/:token', async (req, res, next) => {
    const opened = openGrant(secret, req.params.token);
    if (!opened.ok || opened.grant.op !== 'get')
      return refuse(res, 403, `This download URL is not valid (${opened.ok ? 'not a download URL' : opened.reason})`);
    const { grant } = opened;
    // A download URL never outlives its attachment nor its user's access: one expired (or deleted), or whose user
    // may no longer read it, serves nothing.
    let live: boolean;
    try {
      live = await served(grant.key, grant.user);
    } catch (error) {
      return next(error);
    }
    const stored = live ? await storage.head(grant.key).catch(() => null) : null;
    if (!stored) return refuse(res, 404, 'Attachment content not found (not uploaded yet, expired, or deleted)');
    try {
      const body = await storage.get(grant.key);
      res.setHeader('content-type', grant.contentType ?? 'application/octet-stream');
      res.setHeader('content-length', String(stored.length));
      res.setHeader('content-disposition', contentDisposition(grant.fileName ?? grant.key));
      body.on('error', (error) => {
        log.warn('storage read failed', { key: grant.key, error: error.message });
        res.destroy(error);
      });
      body.pipe(res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
