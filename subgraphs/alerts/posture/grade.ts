import type { Counts } from './aggregates';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';
/** Best first: the order GRADE sorts by. */
export const GRADES: readonly Grade[] = ['A', 'B', 'C', 'D', 'F'];

/**
 * The grade rule (docs/posture.md), first match wins:
 * F a CRITICAL alert is overdue; D a CRITICAL alert is open, or a HIGH one overdue; C a HIGH alert is
 * open, or a MEDIUM one overdue; B a MEDIUM alert is open, or any alert overdue; A otherwise (only LOW
 * and INFO open, nothing overdue).
 */
export function gradeOf(open: Counts, overdue: Counts): Grade {
  if (overdue.CRITICAL > 0) return 'F';
  if (open.CRITICAL > 0 || overdue.HIGH > 0) return 'D';
  if (open.HIGH > 0 || overdue.MEDIUM > 0) return 'C';
  if (open.MEDIUM > 0 || overdue.LOW + overdue.INFO > 0) return 'B';
  return 'A';
}
