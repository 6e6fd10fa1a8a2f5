import { badRequest } from '../../lib/errors';
import type { ElementProps } from './element-props';

/** The five content variants, discriminated by `type`. EMPTY skips an optional question. */
export const ANSWER_TYPES = ['EMPTY', 'TEXT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILE'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export type AnswerContent =
  | { type: 'EMPTY' }
  | { type: 'TEXT'; text: string }
  | { type: 'SINGLE_CHOICE'; choice: string }
  | { type: 'MULTIPLE_CHOICE'; choices: string[] }
  | { type: 'FILE' };

export const ANSWER_STATUSES = [
  'NEW',
  'REQUESTED_REVIEW',
  'REQUESTED_CLARIFICATION',
  'APPROVED',
  'REJECTED',
  'AUTOMATICALLY_APPROVED',
  'AUTOMATICALLY_REJECTED',
  'SKIPPED',
] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export interface AnswerInput {
  type: string;
  text?: string | null;
  choice?: string | null;
  choices?: string[] | null;
  attachmentIds?: string[] | null;
}

const MAX_TEXT = 20_000;

/** Checks an answer against its question's params; FILE answers carry their files in `attachmentIds`. */
export function answerContent(props: ElementProps, input: AnswerInput, attachmentIds: string[]): AnswerContent {
  const params = props.params;
  if (!params) throw badRequest('a SECTION takes no answer', 'questionId');
  if (input.type === 'EMPTY') {
    if (params.required) throw badRequest('a required question cannot be skipped', 'type');
    return { type: 'EMPTY' };
  }
  if (input.type !== params.type) throw badRequest(`this question takes a ${params.type} answer (or EMPTY when optional)`, 'type');
  const values = new Set(params.choices.map((c) => c.value));
  switch (input.type) {
    case 'TEXT':
      if (typeof input.text !== 'string' || input.text.trim() === '') throw badRequest('text must be a non-empty string', 'text');
      if (input.text.length > MAX_TEXT) throw badRequest(`text must be at most ${MAX_TEXT} characters`, 'text');
      return { type: 'TEXT', text: input.text };
    case 'SINGLE_CHOICE':
      if (typeof input.choice !== 'string' || !values.has(input.choice)) throw badRequest('choice must be one of the question’s choices', 'choice');
      return { type: 'SINGLE_CHOICE', choice: input.choice };
    case 'MULTIPLE_CHOICE': {
      const choices = [...new Set(input.choices ?? [])];
      if (choices.length === 0 || choices.some((c) => !values.has(c)))
        throw badRequest('choices must be a non-empty list of the question’s choices', 'choices');
      return { type: 'MULTIPLE_CHOICE', choices: choices.sort() };
    }
    case 'FILE':
      if (attachmentIds.length === 0) throw badRequest('a FILE answer needs attachmentIds', 'attachmentIds');
      return { type: 'FILE' };
    default:
      throw badRequest(`type must be one of ${ANSWER_TYPES.join(', ')}`, 'type');
  }
}

/**
 * The status an answer gets when the receiver gives it: SKIPPED for EMPTY; on a choice question with
 * expected choices, AUTOMATICALLY_APPROVED when it matches (single choice: the choice is one of the
 * expected ones; multiple choice: exactly the expected set) and AUTOMATICALLY_REJECTED otherwise;
 * else NEW, until the receiver asks for review.
 */
export function statusOfAnswer(props: ElementProps, content: AnswerContent): AnswerStatus {
  if (content.type === 'EMPTY') return 'SKIPPED';
  const expected = (props.params?.choices ?? []).filter((c) => c.expected).map((c) => c.value);
  if (expected.length === 0) return 'NEW';
  if (content.type === 'SINGLE_CHOICE') return expected.includes(content.choice) ? 'AUTOMATICALLY_APPROVED' : 'AUTOMATICALLY_REJECTED';
  if (content.type === 'MULTIPLE_CHOICE') {
    const same = content.choices.length === expected.length && expected.every((e) => content.choices.includes(e));
    return same ? 'AUTOMATICALLY_APPROVED' : 'AUTOMATICALLY_REJECTED';
  }
  return 'NEW';
}
