import { badRequest } from '../../lib/errors';
import * as valid from '../../lib/validate';
import { DOCUMENT_TYPES, languageOf } from '../../lib/vocabulary';

/**
 * The export types a document may ask for, their file format and what `params` each takes. The
 * spec names QUESTIONNAIRE_REPORT and EVENT; the other names are ours (README, Documents).
 *
 * | type                 | format | path organization                  | params |
 * |----------------------|--------|------------------------------------|--------|
 * | ALERT                | CSV    | yours (member) or followed (censored) | `filter`, `order`, `sort`, `lang` as List alerts |
 * | FOLLOWING_ALERT      | CSV    | yours (member)                      | `following`, `filter`, `order`, `sort`, `lang` as List following alerts (censored) |
 * | EVENT                | CSV    | yours (member)                      | `filter` = {`name`, `start`, `end`} |
 * | THIRD_PARTY_REPORT   | PDF    | followed (or yours)                 | `language` (en-US, pt-BR; or en_US, pt_BR) |
 * | QUESTIONNAIRE_REPORT | PDF    | yours (member), a party of the assessment | `language`, `filter` = {`assessmentId` (required), `includeAnswers` (default true)} |
 */
export const EXPORT_TYPES = DOCUMENT_TYPES;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_FORMATS: Record<ExportType, { extension: 'csv' | 'pdf'; contentType: string; access: 'member' | 'view' }> = {
  ALERT: { extension: 'csv', contentType: 'text/csv; charset=utf-8', access: 'view' },
  FOLLOWING_ALERT: { extension: 'csv', contentType: 'text/csv; charset=utf-8', access: 'member' },
  EVENT: { extension: 'csv', contentType: 'text/csv; charset=utf-8', access: 'member' },
  THIRD_PARTY_REPORT: { extension: 'pdf', contentType: 'application/pdf', access: 'view' },
  QUESTIONNAIRE_REPORT: { extension: 'pdf', contentType: 'application/pdf', access: 'member' },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function dateParam(value: unknown, field: string): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || Number.isNaN(new Date(value).getTime())) throw badRequest(`${field} must be an ISO 8601 date-time`, field);
}

const ALLOWED_KEYS: Record<ExportType, string[]> = {
  ALERT: ['filter', 'order', 'sort', 'lang'],
  FOLLOWING_ALERT: ['following', 'filter', 'order', 'sort', 'lang'],
  EVENT: ['filter'],
  THIRD_PARTY_REPORT: ['language'],
  QUESTIONNAIRE_REPORT: ['language', 'filter'],
};

/** The shape checks that need no other subgraph (400 naming the field); the job checks the alert filter itself. */
export function checkExportRequest(type: unknown, params: unknown): { type: ExportType; params: Record<string, unknown> } {
  if (typeof type !== 'string' || !(EXPORT_TYPES as readonly string[]).includes(type))
    throw badRequest(`type must be one of ${EXPORT_TYPES.join(', ')}`, 'type');
  const t = type as ExportType;
  if (!isObject(params)) throw badRequest('params must be an object', 'params');
  const unknown = Object.keys(params).filter((key) => !ALLOWED_KEYS[t].includes(key));
  if (unknown.length) throw badRequest(`params of ${t} take ${ALLOWED_KEYS[t].join(', ')}, not ${unknown.join(', ')}`, `params.${unknown[0]}`);
  if ('filter' in params && params.filter !== null && !isObject(params.filter)) throw badRequest('params.filter must be an object', 'params.filter');
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  if (t === 'EVENT') {
    if (filter.name !== undefined && filter.name !== null && typeof filter.name !== 'string')
      throw badRequest('params.filter.name must be a string', 'params.filter.name');
    dateParam(filter.start, 'params.filter.start');
    dateParam(filter.end, 'params.filter.end');
  }
  // The spec's spellings (en-US, pt-BR) and the enum's (en_US, pt_BR), stored as the latter, which the jobs read.
  let language: string | undefined;
  if (t === 'THIRD_PARTY_REPORT' || t === 'QUESTIONNAIRE_REPORT') {
    language = params.language === undefined || params.language === null ? 'en_US' : languageOf(params.language);
    if (!language) throw badRequest('params.language must be en-US or pt-BR (or en_US, pt_BR)', 'params.language');
  }
  if (t === 'QUESTIONNAIRE_REPORT') {
    if (filter.assessmentId === undefined || filter.assessmentId === null)
      throw badRequest('params.filter.assessmentId is required', 'params.filter.assessmentId');
    const assessmentId = valid.uuid(filter.assessmentId, 'params.filter.assessmentId');
    const includeAnswers = filter.includeAnswers ?? true;
    if (typeof includeAnswers !== 'boolean') throw badRequest('params.filter.includeAnswers must be a boolean', 'params.filter.includeAnswers');
    const unknown = Object.keys(filter).filter((key) => key !== 'assessmentId' && key !== 'includeAnswers');
    if (unknown.length)
      throw badRequest(`params.filter of QUESTIONNAIRE_REPORT takes assessmentId, includeAnswers, not ${unknown.join(', ')}`, `params.filter.${unknown[0]}`);
    // Stored with its defaults filled in, so the job and a reader of the document see what was built.
    return { type: t, params: { language, filter: { assessmentId, includeAnswers } } };
  }
  for (const key of ['order', 'sort', 'lang'] as const) {
    if (params[key] !== undefined && params[key] !== null && typeof params[key] !== 'string')
      throw badRequest(`params.${key} must be a string`, `params.${key}`);
  }
  if (t === 'THIRD_PARTY_REPORT' && params.language !== undefined && params.language !== null) return { type: t, params: { ...params, language } };
  // The alert lists' `lang` in either spelling (the export job checks the rest).
  if (typeof params.lang === 'string' && languageOf(params.lang)) return { type: t, params: { ...params, lang: languageOf(params.lang) } };
  return { type: t, params };
}
