import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = path.join(__dirname, '..', '..');

/** The hand-written TypeScript files under `dir` (relative to the root), as root-relative paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((entry) => {
    const relative = path.join(dir, entry);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(relative);
    return relative.endsWith('.ts') && !relative.endsWith('.d.ts') && !relative.endsWith('.generated.ts') ? [relative] : [];
  });
}

export const readSource = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * Every string literal and template text of `code` (the parts of a template between its `${}`
 * apart), with its line: the SQL a file can run, and none of its comments.
 */
export function literals(file: string, code: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
