import { execFileSync } from 'node:child_process';

/** A PDF's text, by pdf-parse in a plain node process (its pdf.js worker needs a dynamic import jest's VM does not allow). */
export function pdfText(bytes: Buffer): string {
  const script = `const { PDFParse } = require('pdf-parse');
    const chunks = []; process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => { const r = await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText(); process.stdout.write(r.text); });`;
  return execFileSync(process.execPath, ['-e', script], { input: bytes, cwd: __dirname }).toString('utf8');
}
