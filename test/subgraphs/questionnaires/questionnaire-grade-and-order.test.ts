import fc from 'fast-check';
import { isRank, rankBetween } from '../../../subgraphs/questionnaires/element-order';
import { assessmentGrade, type GradedAnswer } from '../../../subgraphs/questionnaires/grade';

// The worked examples of docs/questionnaires.md's "Assessment grade" section, and the rank strings elements sort by.

describe('the assessment grade', () => {
  const a = (weight: GradedAnswer['weight'], status: GradedAnswer['status'], grade: GradedAnswer['grade'] = null): GradedAnswer => ({ weight, status, grade });

  it('is 100 × Σ(weight × value) / Σ(weight) over the answers that count (docs example 1: 58.3)', () => {
    expect(
      assessmentGrade([a('HIGH', 'APPROVED', 'GOOD'), a('MEDIUM', 'AUTOMATICALLY_APPROVED'), a('LOW', 'AUTOMATICALLY_REJECTED'), a('LOW', 'SKIPPED')]),
    ).toBe(58.3);
  });

  it('lets the sender’s grade override an automatic status, and leaves INFORMATIONAL, skipped and ungraded answers out (docs example 2: 87.5)', () => {
    // HIGH 3 × EXCELLENT 1 + LOW 1 × GOOD 0.5 = 3.5 over a weight of 4; the INFORMATIONAL, the ungraded REQUESTED_REVIEW and the SKIPPED ones do not count.
    expect(
      assessmentGrade([
        a('HIGH', 'APPROVED', 'EXCELLENT'),
        a('LOW', 'REJECTED', 'GOOD'),
        a('INFORMATIONAL', 'APPROVED', 'BAD'),
        a('MEDIUM', 'REQUESTED_REVIEW'),
        a('HIGH', 'SKIPPED', 'BAD'),
      ]),
    ).toBe(87.5);
    // The sender's BAD overrides the automatic approval: (2 × 0 + 2 × 1) / 4.
    expect(assessmentGrade([a('MEDIUM', 'AUTOMATICALLY_APPROVED', 'BAD'), a('MEDIUM', 'AUTOMATICALLY_APPROVED')])).toBe(50);
  });

  it('is null when nothing counts', () => {
    expect(assessmentGrade([])).toBeNull();
    expect(assessmentGrade([a('INFORMATIONAL', 'APPROVED', 'EXCELLENT'), a('HIGH', 'NEW'), a('LOW', 'SKIPPED')])).toBeNull();
  });
});

describe('element order ranks', () => {
  it('always fit strictly between two neighbours, however many inserts land in the same gap', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (positions) => {
        const ranks: string[] = [];
        for (const p of positions) {
          const i = p % (ranks.length + 1);
          const rank = rankBetween(ranks[i - 1] ?? null, ranks[i] ?? null);
          ranks.splice(i, 0, rank);
        }
        const sorted = [...ranks].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        return ranks.every((r, i) => r === sorted[i] && isRank(r)) && new Set(ranks).size === ranks.length;
      }),
    );
  });

  it('are the shortest rank in the gap, past the first digit that leaves room', () => {
    expect(rankBetween(null, null)).toBe('i');
    expect(rankBetween('i', null)).toBe('r');
    expect(rankBetween(null, 'i')).toBe('9');
    expect(rankBetween('1', '2')).toBe('1i');
    expect(rankBetween('1', '21')).toBe('1i');
    expect(() => rankBetween('2', '1')).toThrow();
  });

  it('stay short when every insert goes to the front or the back', () => {
    let first = rankBetween(null, null);
    let last = first;
    for (let i = 0; i < 100; i++) {
      first = rankBetween(null, first);
      last = rankBetween(last, null);
    }
    expect(first < last).toBe(true);
    expect(Math.max(first.length, last.length)).toBeLessThan(30);
  });
});
