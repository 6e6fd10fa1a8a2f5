import type { Database } from '../lib/db';

/** Reports progress of long work: `done` of `total` units. */
export type Progress = (done: number, total: number, label?: string) => void;

export type CommandArgs = Record<string, string | boolean | undefined>;

/** What a command may need beyond the database: the instance secret (credential encryption). */
export interface CommandServices {
  secret: string;
}

export interface Command {
  usage: string;
  run(db: Database, args: CommandArgs, progress: Progress, services?: CommandServices): Promise<unknown>;
}
