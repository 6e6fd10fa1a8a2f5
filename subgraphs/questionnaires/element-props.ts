import { badRequest } from '../../lib/errors';

/** What an element is: a question, or a section heading that groups the questions after it. */
export const ELEMENT_TYPES = ['QUESTION', 'SECTION'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
export const QUESTION_TYPES = ['TEXT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILE'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** INFORMATIONAL questions count for nothing in the grade; the others weigh 1, 2 and 3 (README). */
export const WEIGHTS = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
export type Weight = keyof typeof WEIGHTS;

export interface Choice {
  value: string;
  /** Sender-only (null in the receiver's view): an answer matching the expected choices is approved automatically. */
  expected: boolean | null;
}

export interface ElementProps {
  title: string;
  description: string;
  params: { type: QuestionType; required: boolean; choices: Choice[] } | null;
  weight: Weight;
}

interface PropsInput {
  title?: unknown;
  description?: unknown;
  params?: { type?: unknown; required?: unknown; choices?: Array<{ value?: unknown; expected?: unknown }> | null } | null;
  weight?: unknown;
}

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 20_000;
const MAX_CHOICES = 100;

function text(value: unknown, field: string, max: number, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) throw badRequest(`${field} is required`, field);
    return '';
  }
  if (typeof value !== 'string' || (required && value.trim() === '')) throw badRequest(`${field} must be a non-empty string`, field);
  if (value.length > max) throw badRequest(`${field} must be at most ${max} characters`, field);
  return value.trim();
}

/** Checks an element's props against its type: a question needs params; choices only on choice questions. */
export function elementProps(type: ElementType, input: PropsInput): ElementProps {
  const title = text(input.title, 'props.title', MAX_TITLE, true);
  const description = text(input.description, 'props.description', MAX_DESCRIPTION, false);
  if (type === 'SECTION') {
    if (input.params) throw badRequest('a SECTION has no params', 'props.params');
    return { title, description, params: null, weight: 'INFORMATIONAL' };
  }
  const weight = input.weight ?? 'MEDIUM';
  if (typeof weight !== 'string' || !(weight in WEIGHTS)) throw badRequest(`props.weight must be one of ${Object.keys(WEIGHTS).join(', ')}`, 'props.weight');
  const params = input.params;
  if (!params) throw badRequest('a QUESTION needs props.params', 'props.params');
  const questionType = params.type;
  if (typeof questionType !== 'string' || !(QUESTION_TYPES as readonly string[]).includes(questionType)) {
    throw badRequest(`props.params.type must be one of ${QUESTION_TYPES.join(', ')}`, 'props.params.type');
  }
  const isChoice = questionType === 'SINGLE_CHOICE' || questionType === 'MULTIPLE_CHOICE';
  const choices: Choice[] = (params.choices ?? []).map((c) => ({
    value: text(c?.value, 'props.params.choices.value', MAX_TITLE, true),
    expected: c?.expected === true,
  }));
  if (isChoice && choices.length < 2) throw badRequest('a choice question needs at least two choices', 'props.params.choices');
  if (!isChoice && choices.length) throw badRequest(`a ${questionType} question has no choices`, 'props.params.choices');
  if (choices.length > MAX_CHOICES) throw badRequest(`at most ${MAX_CHOICES} choices`, 'props.params.choices');
  if (new Set(choices.map((c) => c.value)).size !== choices.length) throw badRequest('choice values must be distinct', 'props.params.choices');
  return { title, description, params: { type: questionType as QuestionType, required: params.required !== false, choices }, weight: weight as Weight };
}

/** The props the receiver sees: no expected answers. */
export function receiverProps(props: ElementProps): ElementProps {
  if (!props.params) return props;
  return { ...props, params: { ...props.params, choices: props.params.choices.map((c) => ({ value: c.value, expected: null })) } };
}
