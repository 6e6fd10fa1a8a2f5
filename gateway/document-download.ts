import { Readable } from 'node:stream';
import type express from 'express';
import type { ObjectStorage } from '../lib/storage';
import { openGrant } from '../lib/storage/signed-tokens';
import { type Execute, sendError } from './rest/table';

const OPERATION = `query($id: ID!) { document(id: $id) { status attachment { url fileName contentType contentLength } } }`;

/**
 * GET /me/documents/{documentId}/download: the document's file itself (the REST table answers JSON,
 * this streams bytes), with its content type and a Content-Disposition file name. Authenticated like
 * every route; the document is read through the supergraph (the caller's own, DONE), then the bytes
 * come from the storage: local disk directly, S3 through the signed download URL.
 */
export function documentDownloadRoute(execute: Execute, storage: ObjectStorage, secret: string): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const result = await execute(OPERATION, { id: req.params.documentId }, req, res);
      if (result.errors?.length) {
        const first = result.errors[0];
        return sendError(res, String(first.extensions?.code ?? 'INTERNAL_SERVER_ERROR'), first.message);
      }
      const document = (
        result.data as {
          document: { status: string; attachment: { url: string | null; fileName: string; contentType: string; contentLength: number } | null } | null;
        }
      ).document;
      // A lookup answers null for "not there or not yours": REST's 404 as before.
      if (!document) return sendError(res, 'NOT_FOUND', 'Document not found');
      if (document.status !== 'DONE' || !document.attachment?.url) {
        return sendError(res, 'CONFLICT', `The document is ${document.status}: its file can be downloaded once it is DONE`);
      }
      const { url, fileName, contentType, contentLength } = document.attachment;
      const disposition = `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      let body: Readable;
      if (storage.kind === 'local') {
        const grant = openGrant(secret, url.slice(url.lastIndexOf('/') + 1));
        if (!grant.ok) throw new Error(`download token not valid: ${grant.reason}`);
        body = await storage.get(grant.grant.key);
      } else {
        const answer = await fetch(url);
        if (!answer.ok || !answer.body) throw new Error(`storage answered ${answer.status}`);
        body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
      }
      res.status(200).set({ 'content-type': contentType, 'content-length': String(contentLength), 'content-disposition': disposition });
      body.on('error', (error) => res.destroy(error));
      body.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
