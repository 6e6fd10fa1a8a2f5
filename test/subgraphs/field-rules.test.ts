import { SUBGRAPH_NAMES } from '../../lib/config';
import { SUBGRAPHS } from '../../subgraphs';
import { type FieldRules, member } from '../../subgraphs/field-rules';
import { buildSchema } from '../../subgraphs/server';

/**
 * Deny by default at start-up: a subgraph's schema is built only when every Query and Mutation field
 * has exactly one declared rule (subgraphs/<name>/permissions.ts) and every rule names a real field and
 * real arguments. (That the rules fire, caller by caller: test/subgraphs/authorization-matrix.test.ts.)
 */

/** `rules` with `change` applied to a copy of its Query or Mutation table. */
function edited(rules: FieldRules, type: 'Query' | 'Mutation', change: (fields: FieldRules['Query']) => void): FieldRules {
  const copy = { Query: { ...rules.Query }, Mutation: { ...rules.Mutation } };
  change(copy[type]);
  return copy;
}

describe('the subgraphs build only with a rule for every root field', () => {
  it('builds every subgraph with its declared rules', () => {
    for (const name of SUBGRAPH_NAMES) expect(() => buildSchema(SUBGRAPHS[name])).not.toThrow();
  });

  it('refuses to build a subgraph whose table leaves a field out, naming it', () => {
    const alerts = SUBGRAPHS.alerts;
    const permissions = edited(alerts.permissions, 'Mutation', (fields) => delete fields.updateAlert);
    expect(() => buildSchema({ ...alerts, permissions })).toThrow(
      'subgraph alerts: deny by default, every root field needs exactly one rule (subgraphs/alerts/permissions.ts):\n- Mutation.updateAlert has no rule',
    );
  });

  it('refuses a rule for a field the SDL does not have, or one that reads an argument the field lacks', () => {
    const organizations = SUBGRAPHS.organizations;
    const extra = edited(organizations.permissions, 'Query', (fields) => {
      fields.noSuchField = fields.me;
    });
    expect(() => buildSchema({ ...organizations, permissions: extra })).toThrow('- Query.noSuchField has a rule but no field');
    const wrongArgument = edited(organizations.permissions, 'Query', (fields) => {
      fields.members = member('organization');
    });
    expect(() => buildSchema({ ...organizations, permissions: wrongArgument })).toThrow(
      'Query.members: the rule reads argument organization, which the field does not have',
    );
  });
});
