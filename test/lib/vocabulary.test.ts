import path from 'node:path';
import { type EnumTypeDefinitionNode, Kind, parse } from 'graphql';
import {
  ALERT_ORDERS,
  DOMAIN_ENUMS,
  enumName,
  GROUPED_ORDERS,
  LANGUAGES,
  SCAN_TARGET_KINDS,
  SEVERITIES,
  SORTS,
  STATE_FILTERS,
  STATES,
} from '../../lib/vocabulary';
import { subgraphSdlText } from '../../subgraphs/server';

/**
 * lib/vocabulary.ts is the one place the subgraphs' SQL and the REST inputs take enum values from; the
 * GraphQL enums of the alerts subgraph must spell exactly the same values, in the same order.
 */
const enums = new Map<string, string[]>();
for (const definition of parse(subgraphSdlText(path.join(__dirname, '..', '..', 'subgraphs', 'alerts'))).definitions) {
  if (definition.kind === Kind.ENUM_TYPE_DEFINITION) {
    enums.set(
      definition.name.value,
      ((definition as EnumTypeDefinitionNode).values ?? []).map((v) => v.name.value),
    );
  }
}

describe('the API vocabulary', () => {
  it.each([
    ['AlertSeverity', SEVERITIES],
    ['AlertState', STATES],
    ['AlertStateFilter', STATE_FILTERS],
    ['AlertOrder', ALERT_ORDERS],
    ['GroupedAlertOrder', GROUPED_ORDERS],
    ['Sort', SORTS],
    ['Language', LANGUAGES],
    ['ScanTargetKind', SCAN_TARGET_KINDS],
  ] as const)('lib/vocabulary.ts holds the values of the SDL enum %s (spelled as enum names: enumName)', (name, values) => {
    expect(enums.get(name)).toEqual(values.map(enumName));
  });

  it.each(['AlertOrder', 'GroupedAlertOrder', 'Language'])('maps the SDL enum %s to the domain spelling (DOMAIN_ENUMS)', (name) => {
    expect(DOMAIN_ENUMS[name]?.map(enumName)).toEqual(enums.get(name));
  });
});
