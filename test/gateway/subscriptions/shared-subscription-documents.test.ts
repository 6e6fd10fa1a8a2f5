// Subscription documents parsed once per text (gateway/subscriptions/shared-documents.ts): a thousand
// subscribers of one dashboard query hold one parsed document, not a thousand (bench:fanout's memory per idle
// subscriber, bench/README.md).

import { GraphQLError, parse, print } from 'graphql';
import { parseShared, printShared } from '../../../gateway/subscriptions/shared-documents';

const query = (n: number) => `subscription S${n}($org: ID!) { alertChanged(organizationId: $org) { seq alert { id state } } }`;

describe('shared subscription documents', () => {
  it('gives every subscriber of the same text the same parsed document, equal to what graphql-js parses', () => {
    const first = parseShared(query(1));
    expect(parseShared(query(1))).toBe(first);
    expect(print(first)).toBe(print(parse(query(1))));
    expect(parseShared(query(2))).not.toBe(first);
    expect(printShared(first)).toBe(print(first));
    expect(printShared(parseShared(query(1)))).toBe(printShared(first));
  });

  it('throws the syntax error graphql-js throws, every time, and keeps nothing for that text', () => {
    const broken = 'subscription { alertChanged(';
    const expected = (() => {
      try {
        parse(broken);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (let i = 0; i < 2; i++) {
      expect(() => parseShared(broken)).toThrow(GraphQLError);
      expect(() => parseShared(broken)).toThrow(expected);
    }
  });

  it('keeps a bounded number of texts: the oldest is parsed again once 500 newer ones came', () => {
    const oldest = parseShared(query(10_000));
    for (let n = 0; n < 500; n++) parseShared(query(20_000 + n));
    expect(parseShared(query(10_000))).not.toBe(oldest);
    expect(print(parseShared(query(10_000)))).toBe(print(oldest));
  });
});
