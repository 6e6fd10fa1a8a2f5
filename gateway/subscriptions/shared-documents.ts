import { type DocumentNode, parse, print, type Source } from 'graphql';

/**
 * Subscription documents parsed once per text and shared by every subscriber that sends the same text (a
 * dashboard's thousand viewers send one query). Each subscription keeps its document for its whole life, and
 * a parsed document with its token list and locations was the largest part of an idle subscriber's memory
 * (bench:fanout's heap snapshots, bench/README.md). The newest MAX_DOCUMENTS texts are kept; a syntax error
 * is thrown as by graphql-js's parse and nothing is kept.
 */
const MAX_DOCUMENTS = 500;
const documents = new Map<string, DocumentNode>();

export function parseShared(source: string | Source): DocumentNode {
  if (typeof source !== 'string') return parse(source);
  const known = documents.get(source);
  if (known) return known;
  const document = parse(source);
  if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
  documents.set(source, document);
  return document;
}

const printed = new WeakMap<DocumentNode, string>();

/** `print(document)`, once per shared document (a subscription's key holds it). */
export function printShared(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}
