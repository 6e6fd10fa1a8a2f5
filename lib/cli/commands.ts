import type { Database } from '../db';
import { badRequest } from '../errors';
import * as valid from '../validate';
import { bootstrapAccount } from '../../subgraphs/organizations/account';
import { seedDemo } from '../seed';

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

/**
 * Administrative commands. They run in the CLI's own process, or inside a running Vigil when the
 * embedded database is held by it (see lib/cli/vigil.ts and gateway/app.ts).
 */
export const COMMANDS: Record<string, Command> = {
  bootstrap: {
    usage: 'bootstrap --email <email> --organization <name> [--name <user name>]',
    async run(db, args) {
      const email = valid.email(args.email, 'email');
      const organization = valid.name(args.organization, 'organization');
      if (args.name !== undefined && typeof args.name !== 'string') throw badRequest('--name needs a value', 'name');
      return bootstrapAccount(db.prisma, { email, organization, name: args.name });
    },
  },
};

COMMANDS.seed = {
  usage: 'seed   (a demo data set; ends with the demo admin as {"userId","organizationId","apiKey"})',
  run: (db, _args, progress, services) => seedDemo(db, progress, services),
};
