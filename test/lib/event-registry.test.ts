import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EVENT_NAMES, EVENT_SOURCES } from '../../lib/events';

/**
 * One registry of event names and sources (lib/events.ts): every name and source that code writes
 * into the event log — through recordEvent, recordEventSql or appendEventsSql, named by the registry's
 * constants (`EVENT.AlertUpdated`, `EVENT_SOURCES.alert`; test/lib/one-event-writer.test.ts refuses
 * literals) — is in it, and every registered name is written somewhere (or derived for followers).
 */
const ROOTS = ['subgraphs', 'lib', 'workers', 'gateway', 'cli', 'app'];
const VERBS = 'Created|Updated|Deleted|Removed|Requested|Accepted|Declined|Invited|Resent|Joined|Started|Completed|Failed|Stopped|Disabled|Overdue';
const NAME = new RegExp(`\\bEVENT\\.([A-Z][a-z]+(?:[A-Z][a-z]+)*(?:${VERBS}))\\b`, 'g');
const SOURCE = /\bEVENT_SOURCES\.([a-zA-Z]+)/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

const files = ROOTS.flatMap((root) => sources(path.join(__dirname, '..', '..', root))).filter((file) => !file.endsWith(path.join('lib', 'events.ts')));
const writers = files.filter((file) => /\bEVENT(_SOURCES)?\./.test(readFileSync(file, 'utf8')));
const literals = (pattern: RegExp) =>
  new Map(
    writers.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => [m[1], path.relative(path.join(__dirname, '..', '..'), file)] as const),
    ),
  );
const registered = new Set<string>(Object.values(EVENT_NAMES).flat());

describe('the event registry', () => {
  it('holds every event name the code writes', () => {
    const written = literals(NAME);
    expect(written.size).toBeGreaterThan(30);
    const unknown = [...written].filter(([name]) => !registered.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('holds every event source the code writes', () => {
    const written = literals(SOURCE);
    const known = new Set<string>(Object.keys(EVENT_SOURCES));
    const unknown = [...written].filter(([source]) => !known.has(source)).map(([source, file]) => `${source} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('has no registered name that nothing writes', () => {
    const written = literals(NAME);
    expect([...registered].filter((name) => !written.has(name))).toEqual([]);
  });
});
