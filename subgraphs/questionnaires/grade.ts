import type { AnswerStatus } from './answer-content';
import { WEIGHTS, type Weight } from './element-props';

export const ANSWER_GRADES = ['BAD', 'GOOD', 'EXCELLENT'] as const;
export type AnswerGrade = (typeof ANSWER_GRADES)[number];
/** What each grade is worth, 0 to 1. */
export const GRADE_VALUES: Record<AnswerGrade, number> = { BAD: 0, GOOD: 0.5, EXCELLENT: 1 };

export interface GradedAnswer {
  weight: Weight;
  status: AnswerStatus;
  grade: AnswerGrade | null;
}

/**
 * The assessment's grade, 0 to 100 (one decimal), from its answers (README "Assessment grade"):
 *   grade = 100 × Σ(weight × value) / Σ(weight), over the answers that count.
 * An answer counts when its question weighs something (INFORMATIONAL weighs 0) and it has a value:
 * the sender's grade (BAD 0, GOOD 0.5, EXCELLENT 1), else EXCELLENT for AUTOMATICALLY_APPROVED and
 * BAD for AUTOMATICALLY_REJECTED. SKIPPED answers and ungraded ones do not count. Null when nothing counts.
 */
export function assessmentGrade(answers: readonly GradedAnswer[]): number | null {
  let weighted = 0;
  let total = 0;
  for (const answer of answers) {
    const weight = WEIGHTS[answer.weight];
    const value = answerValue(answer);
    if (weight === 0 || value === null) continue;
    weighted += weight * value;
    total += weight;
  }
  return total === 0 ? null : Math.round((1000 * weighted) / total) / 10;
}

function answerValue(answer: GradedAnswer): number | null {
  if (answer.status === 'SKIPPED') return null;
  if (answer.grade) return GRADE_VALUES[answer.grade];
  if (answer.status === 'AUTOMATICALLY_APPROVED') return 1;
  if (answer.status === 'AUTOMATICALLY_REJECTED') return 0;
  return null;
}
