import type { Command } from './command';
import { badRequest } from '../lib/errors';
import * as valid from '../lib/validate';
import { bootstrapAccount } from '../subgraphs/organizations/account';
import { seedDemo } from './seed';

export type { CommandArgs, CommandServices, Progress } from './command';

/**
 * Administrative commands. They run in the CLI's own process, or inside a running Vigil when the
 * embedded database is held by it (see cli/vigil.ts and app/internal-commands.ts).
 */
export const COMMANDS: Record<string, Command> = {
  bootstrap: {
    usage: 'bootstrap --email <email> --organization <name> [--name <user name>]',
    async run(db, args, _progress, services) {
      const email = valid.email(args.email, 'email');
      const organization = valid.name(args.organization, 'organization');
      if (args.name !== undefined && typeof args.name !== 'string') throw badRequest('--name needs a value', 'name');
      return bootstrapAccount(db.prisma, { email, organization, name: args.name }, { newUserOnly: services?.newUsersOnly === true });
    },
  },
};

COMMANDS.seed = {
  usage: 'seed   (a demo data set; ends with the demo admin as {"userId","organizationId","apiKey"})',
  run: (db, _args, progress, services) => seedDemo(db, progress, services),
};
