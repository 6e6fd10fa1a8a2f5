import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { type ASTNode, type DocumentNode, Kind, parse, print, visit } from 'graphql';
import { log } from '../lib/log';
import type { Principal } from '../lib/principal';

/** The console's own manifest (web/: GraphQL Codegen's persistedDocuments), always trusted when built; from the
 * sources or the compiled dist/, as gateway/dashboard.ts finds the console. */
const CONSOLE_MANIFEST =
  [path.join(__dirname, '..', 'web', 'dist'), path.join(__dirname, '..', '..', 'web', 'dist')]
    .map((dir) => path.join(dir, 'persisted-documents.json'))
    .find((file) => existsSync(file)) ?? path.join(__dirname, '..', 'web', 'dist', 'persisted-documents.json');
/** How often the manifests' modification times are looked at (a stat per file), so a new manifest needs no restart. */
const RECHECK_MS = 1000;

/** id → document, from Apollo's persisted query manifest or Codegen's `{ "<hash>": "<document>" }`; what is wrong
 * with a manifest that is neither (or has a document that does not parse) is thrown, naming the entry. */
export function readManifest(text: string): Map<string, string> {
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new Error("neither an Apollo persisted query manifest nor Codegen's { id: document } object");
  const documents = new Map<string, string>();
  if ((json as { format?: unknown }).format === 'apollo-persisted-query-manifest') {
    const operations = (json as { operations?: unknown }).operations;
    if (!Array.isArray(operations)) throw new Error('an Apollo persisted query manifest without an operations list');
    operations.forEach((op: { id?: unknown; body?: unknown }, index) => {
      if (typeof op?.id !== 'string' || typeof op.body !== 'string') throw new Error(`operations[${index}] has no string id and body`);
      documents.set(op.id, op.body);
    });
  } else {
    for (const [id, body] of Object.entries(json)) {
      if (typeof body !== 'string') throw new Error(`the entry ${JSON.stringify(id)} is not a document (a string)`);
      documents.set(id, body);
    }
  }
  for (const [id, body] of documents) {
    try {
      parse(body);
    } catch (error) {
      throw new Error(`the document of ${JSON.stringify(id)} does not parse: ${(error as Error).message}`);
    }
  }
  return documents;
}

function manifestFiles(configured: string | undefined): string[] {
  const files = existsSync(CONSOLE_MANIFEST) ? [CONSOLE_MANIFEST] : [];
  if (!configured || !existsSync(configured)) return files;
  if (!statSync(configured).isDirectory()) return [...files, configured];
  return [
    ...files,
    ...readdirSync(configured)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(configured, name)),
  ];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A document's text in one canonical form: without layout, without `__typename` selections (Apollo Client adds
 * them to what it sends; asking for a type name reads nothing more), with selections, arguments, variables and
 * definitions in sorted order (GraphQL Codegen's persisted documents are printed sorted, the client sends the
 * source order). Two documents with the same canonical form ask for the same data. */
function normalized(document: DocumentNode): string {
  const byText = <T extends ASTNode>(nodes: readonly T[] | undefined) => nodes && [...nodes].sort((a, b) => (print(a) < print(b) ? -1 : 1));
  const byName = <T extends { name: { value: string } }>(nodes: readonly T[] | undefined) =>
    nodes && [...nodes].sort((a, b) => (a.name.value < b.name.value ? -1 : 1));
  const canonical = visit(document, {
    Field: { enter: (field) => (field.name.value === '__typename' ? null : undefined), leave: (field) => ({ ...field, arguments: byName(field.arguments) }) },
    // A mutation's root fields run one after another in their order: that order stays.
    SelectionSet: {
      leave: (set, _key, parent) =>
        parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION && parent.operation === 'mutation'
          ? undefined
          : { ...set, selections: byText(set.selections) ?? [] },
    },
    ObjectValue: { leave: (value) => ({ ...value, fields: byName(value.fields) ?? [] }) },
    OperationDefinition: {
      leave: (op) => ({
        ...op,
        variableDefinitions: op.variableDefinitions && [...op.variableDefinitions].sort((a, b) => (a.variable.name.value < b.variable.name.value ? -1 : 1)),
      }),
    },
    Document: { leave: (doc) => ({ ...doc, definitions: byText(doc.definitions) ?? [] }) },
  });
  return print(canonical);
}

/**
 * The trusted documents of this deployment (the manifests) and for whom only they run (everyone with
 * VIGIL_TRUSTED_DOCUMENTS_ONLY=on, else the callers whose key or organization is restricted): one set for every
 * transport. `caller` is the authenticated principal (null: anonymous, restricted only by the deployment).
 */
export interface TrustedDocuments {
  /** An operation sent by its id gets the manifest's document as its `query`; else why it is refused, or null. */
  admit(operation: unknown, caller: Principal | null): string | null;
  /** Why a document's text is refused (not a manifest's, with only trusted documents running for `caller`), or null. */
  refuseText(query: unknown, caller: Principal | null): string | null;
  /** POST /graphql (single or batched) and GET /graphql, after authentication: refused 400 PERSISTED_QUERY_NOT_IN_LIST, or resolved. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
}

const NOT_TRUSTED = 'Only trusted documents run here: send a manifest operation by its id';

/**
 * Trusted documents on every transport: an operation sent by its id alone (`extensions.persistedQuery.sha256Hash`
 * as Apollo's persisted-queries link sends it, or Codegen's `documentId`; on POST or GET /graphql) runs the
 * manifest's document; with VIGIL_TRUSTED_DOCUMENTS_ONLY=on, or for a key restricted by its own flag or its
 * organization's (`Principal.trustedDocumentsOnly`, read with the key), any other document, or an unknown id, is
 * refused with Apollo Router's code PERSISTED_QUERY_NOT_IN_LIST — on POST and GET /graphql (and so multipart
 * subscriptions and batches), SSE and graphql-ws (gateway/subscriptions/document-limits.ts, whose protocols always
 * carry the text). Ids not in a manifest fall through to APQ when not enforced. The REST routes run their own
 * operations (gateway/server.ts `execute`), never through here: a restricted key keeps the REST API.
 */
export function trustedDocuments(
  settings: { path?: string; only: boolean },
  /** Where a manifest that cannot be read is reported (the log; a test reads the lines). */
  warn: (message: string, fields: Record<string, unknown>) => void = log.warn,
): TrustedDocuments {
  let byId = new Map<string, string>();
  let trustedBodies = new Set<string>();
  let trustedNormalized = new Set<string>();
  // A document longer than this is not parsed to be compared (it cannot be a manifest's with __typename added):
  // refused before the token limit would parse it.
  let longestBody = 0;
  // Per file, the documents of the last version that read well: a malformed rewrite is reported once and the
  // file keeps its previous documents until a good version replaces it.
  const lastGood = new Map<string, { mtimeMs: number; documents: Map<string, string> }>();
  let seen = '';
  let checkedAt = 0;
  const refresh = () => {
    if (Date.now() - checkedAt < RECHECK_MS) return;
    checkedAt = Date.now();
    const files = manifestFiles(settings.path).flatMap((file) => {
      try {
        return [{ file, mtimeMs: statSync(file).mtimeMs }];
      } catch {
        return []; // removed between the listing and the stat
      }
    });
    const stamp = files.map(({ file, mtimeMs }) => `${file}@${mtimeMs}`).join('|');
    if (stamp === seen) return;
    seen = stamp;
    const next = new Map<string, string>();
    for (const { file, mtimeMs } of files) {
      const known = lastGood.get(file);
      if (known?.mtimeMs !== mtimeMs) {
        try {
          lastGood.set(file, { mtimeMs, documents: readManifest(readFileSync(file, 'utf8')) });
        } catch (error) {
          warn('A trusted documents manifest could not be read; its last good version stays in use', {
            file,
            problem: (error as Error).message,
            keptDocuments: known?.documents.size ?? 0,
          });
          if (known) known.mtimeMs = mtimeMs;
          else lastGood.set(file, { mtimeMs, documents: new Map() });
        }
      }
      for (const [id, body] of lastGood.get(file)?.documents ?? []) next.set(id, body);
    }
    byId = next;
    trustedBodies = new Set([...next.values()].map(sha256));
    trustedNormalized = new Set([...next.values()].map((body) => sha256(normalized(parse(body)))));
    longestBody = Math.max(0, ...[...next.values()].map((body) => body.length));
  };
  const isTrusted = (query: string): boolean => {
    if (trustedBodies.has(sha256(query))) return true;
    if (query.length > 2 * longestBody + 1000) return false;
    try {
      return trustedNormalized.has(sha256(normalized(parse(query))));
    } catch {
      return false;
    }
  };
  const fresh = () => {
    try {
      refresh();
    } catch (error) {
      warn('The trusted documents manifests could not be listed; the last set read stays in use', { problem: (error as Error).message });
    }
  };
  const enforcedFor = (caller: Principal | null) => settings.only || caller?.trustedDocumentsOnly === true;
  const refuseText = (query: unknown, caller: Principal | null): string | null => {
    if (!enforcedFor(caller)) return null;
    fresh();
    return typeof query === 'string' && isTrusted(query) ? null : NOT_TRUSTED;
  };
  const admit = (operation: unknown, caller: Principal | null): string | null => {
    fresh();
    if (!operation || typeof operation !== 'object' || Array.isArray(operation)) return null;
    const op = operation as { query?: unknown; documentId?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } };
    const id = typeof op.documentId === 'string' ? op.documentId : op.extensions?.persistedQuery?.sha256Hash;
    if (typeof op.query !== 'string' && typeof id === 'string') {
      const body = byId.get(id);
      if (body !== undefined) {
        op.query = body;
        delete op.documentId;
        if (op.extensions) delete op.extensions.persistedQuery;
        return null;
      }
      return enforcedFor(caller) ? `No trusted document has the id ${id}` : null;
    }
    return refuseText(op.query, caller);
  };
  const refused = (res: Response, message: string) => res.status(400).json({ errors: [{ message, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] });
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' && req.method !== 'GET') return next();
    if (req.method === 'GET') return admitGet(req, res, next);
    const caller = res.locals.principal as Principal | null;
    for (const operation of Array.isArray(req.body) ? req.body : [req.body]) {
      const refusal = admit(operation, caller);
      if (refusal) return void refused(res, refusal);
    }
    next();
  };
  // GET /graphql: the operation is in the query string; one sent by id is rewritten into the URL Apollo reads.
  const admitGet = (req: Request, res: Response, next: NextFunction) => {
    const [pathname, search = ''] = req.url.split('?', 2);
    const params = new URLSearchParams(search);
    let extensions: Record<string, unknown> | undefined;
    try {
      const text = params.get('extensions');
      extensions = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      extensions = undefined; // Apollo answers the malformed parameter itself
    }
    const operation = {
      query: params.get('query') ?? undefined,
      documentId: params.get('documentId') ?? undefined,
      extensions: extensions && typeof extensions === 'object' && !Array.isArray(extensions) ? extensions : undefined,
    };
    const hadQuery = typeof operation.query === 'string';
    const refusal = admit(operation, res.locals.principal as Principal | null);
    if (refusal) return void refused(res, refusal);
    if (!hadQuery && typeof operation.query === 'string') {
      params.set('query', operation.query);
      params.delete('documentId');
      if (operation.extensions) params.set('extensions', JSON.stringify(operation.extensions));
      req.url = `${pathname}?${params.toString()}`;
    }
    next();
  };
  return { admit, refuseText, middleware };
}
