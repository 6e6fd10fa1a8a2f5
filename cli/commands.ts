import { badRequest, notFound } from '../lib/errors';
import * as valid from '../lib/validate';
import { bootstrapAccount, createApiKey } from '../subgraphs/organizations/account';
import { updateOrganization } from '../subgraphs/organizations/organizations';
import type { Command } from './command';
import { seedDemo } from './seed';

export type { CommandArgs, CommandServices, Progress } from './command';

/**
 * Administrative commands. They run in the CLI's own process, or inside a running Vigil when the
 * embedded database is held by it (see cli/vigil.ts and app/internal-commands.ts).
 */
export const COMMANDS: Record<string, Command> = {
  bootstrap: {
    usage: 'bootstrap --email <email> --organization <name> [--name <user name>]',
    async run(db, args) {
      const email = valid.email(args.email, 'email');
      const organization = valid.name(args.organization, 'organization');
      if (args.name !== undefined && typeof args.name !== 'string') throw badRequest('--name needs a value', 'name');
      // New users only, whether Vigil runs or not: an existing user's key is issue-key's job.
      return bootstrapAccount(db.prisma, { email, organization, name: args.name }, { newUserOnly: true });
    },
  },
  'issue-key': {
    usage: 'issue-key --email <email> [--name <key name>]   (a new API key for an existing user, e.g. one whose key is lost)',
    async run(db, args) {
      const email = valid.email(args.email, 'email');
      const name = args.name === undefined ? 'issued by an operator' : valid.name(args.name, 'name');
      const user = await db.prisma.user.findUnique({ where: { email } });
      if (!user) throw notFound('User');
      const key = await createApiKey(db.prisma, user.id, name);
      return { userId: user.id, apiKey: key.key };
    },
  },
  // An organization restricted to trusted documents restricts its ADMINs' keys too: without the lifting mutation
  // in a manifest, they cannot lift it themselves (docs/api.md, "Restricting a key or an organization").
  'trusted-documents-only': {
    usage: 'trusted-documents-only --organization <id> --off   (lifts an organization’s restriction to trusted documents)',
    async run(db, args) {
      const organizationId = valid.uuid(args.organization, 'organization');
      if (args.off !== true) throw badRequest('--off is the one change this command makes (ADMINs set the flag with updateOrganization)', 'off');
      const organization = await updateOrganization(db.prisma, null, organizationId, { trustedDocumentsOnly: false });
      return { organizationId, trustedDocumentsOnly: organization.trustedDocumentsOnly };
    },
  },
};

COMMANDS.seed = {
  usage: 'seed   (a demo data set; ends with the demo admin as {"userId","organizationId","apiKey"})',
  run: (db, _args, progress, services) => seedDemo(db, progress, services),
};
