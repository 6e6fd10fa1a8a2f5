import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A file inside an installed npm package (browser builds the gateway serves as they are). The
 * package's folder is found from its entry point, since not every package exports its package.json.
 */
export function packageFile(name: string, file: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!(existsSync(path.join(dir, 'package.json')) && JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name === name)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package ${name} not found`);
    dir = parent;
  }
  return path.join(dir, file);
}
