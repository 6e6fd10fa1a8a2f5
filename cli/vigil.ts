import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { loadConfig, type VigilConfig } from '../lib/config';
import { type Database, openDatabase } from '../lib/db';
import { VigilError } from '../lib/errors';
import { setLogLevel } from '../lib/log';
import { migrateDatabase } from '../lib/migrate';
import { signInternalCommand } from '../lib/principal';
import { COMMANDS, type CommandArgs, type Progress } from './commands';

/** `--key value` and `--flag` into an object. */
export function parseArgs(argv: string[]): { name?: string; args: CommandArgs } {
  const [name, ...rest] = argv;
  const args: CommandArgs = {};
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i];
    if (!token.startsWith('--')) continue;
    const [key, inline] = token.slice(2).split('=', 2);
    if (inline !== undefined) args[key] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) args[key] = rest[++i];
    else args[key] = true;
  }
  return { name, args };
}

/** A progress bar on stderr when it is a terminal; stdout keeps only the JSON result line. */
function progressBar(): { progress: Progress; stop(): void } {
  if (!process.stderr.isTTY) {
    let lastPercent = -1;
    return {
      progress: (done, total, label) => {
        const percent = total ? Math.floor((done / total) * 100) : 100;
        if (percent >= lastPercent + 10 || done === total) {
          lastPercent = percent;
          process.stderr.write(`${label ?? 'progress'}: ${done}/${total} (${percent}%)\n`);
        }
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({ stream: process.stderr, format: '{label} [{bar}] {percentage}% | {value}/{total}', hideCursor: true }, Presets.shades_classic);
  let started = false;
  return {
    progress: (done, total, label) => {
      if (!started) {
        bar.start(total, done, { label: label ?? 'progress' });
        started = true;
      }
      bar.setTotal(total);
      bar.update(done, { label: label ?? 'progress' });
    },
    stop: () => started && bar.stop(),
  };
}

/** When `npm start` holds the embedded database, the command runs inside that process instead. */
async function runInRunningServer(config: VigilConfig, name: string, args: CommandArgs, progress: Progress): Promise<unknown> {
  const runtimeFile = path.join(config.dataDir, 'runtime.json');
  if (!existsSync(runtimeFile)) throw new Error('The embedded database is in use, and no running Vigil was found to run the command.');
  const { url } = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string };
  const body = JSON.stringify(args);
  const response = await fetch(`${url}/internal/commands/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signInternalCommand(config.secret, name, body) },
    body,
  });
  if (!response.ok || !response.body) throw new Error(`The running Vigil refused the command (${response.status}): ${await response.text()}`);
  let buffered = '';
  let result: unknown;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const line = JSON.parse(buffered.slice(0, newline)) as { progress?: [number, number, string?]; result?: unknown; error?: string };
      buffered = buffered.slice(newline + 1);
      if (line.progress) progress(...line.progress);
      if (line.error) throw new Error(line.error);
      if ('result' in line) result = line.result;
    }
  }
  return result;
}

async function main(): Promise<number> {
  const { name, args } = parseArgs(process.argv.slice(2));
  const command = name ? COMMANDS[name] : undefined;
  const usage = `usage: npm run vigil -- <command>\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage}`)
    .join('\n')}\n`;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    // Asked for: the usage is the answer (stdout, success). Without a command it is still the usage, as an error.
    (name ? process.stdout : process.stderr).write(usage);
    return name ? 0 : 2;
  }
  if (!command) {
    process.stderr.write(`vigil: unknown command "${name}"\n${usage}`);
    return 2;
  }
  setLogLevel((process.env.LOG_LEVEL as 'info') ?? 'warn');
  const config = loadConfig();
  const bar = progressBar();
  try {
    let result: unknown;
    let db: Database | undefined;
    try {
      db = await openDatabase(config);
    } catch (error) {
      if (config.databaseUrl || !/in use by process/.test((error as Error).message)) throw error;
    }
    if (db) {
      try {
        await migrateDatabase(db);
        result = await command.run(db, args, bar.progress, { secret: config.secret });
      } finally {
        await db.close();
      }
    } else {
      result = await runInRunningServer(config, name, args, bar.progress);
    }
    bar.stop();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    bar.stop();
    const message = error instanceof VigilError ? `${error.message}` : error instanceof Error ? error.message : String(error);
    process.stderr.write(`vigil ${name}: ${message}\n`);
    return 1;
  }
}

if (require.main === module) {
  main().then((code) => process.exit(code));
}
