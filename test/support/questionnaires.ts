import type { Account, TestVigil } from './vigil';

/**
 * A questionnaire template the tests send: a section, then five questions covering the four
 * question types, required and optional, every weight, and choice questions with expected answers.
 */
export const QUESTIONS = {
  mfa: { type: 'QUESTION', props: { title: 'Describe your MFA policy', params: { type: 'TEXT', required: true }, weight: 'HIGH' } },
  encryption: {
    type: 'QUESTION',
    props: {
      title: 'Do you encrypt data at rest?',
      params: { type: 'SINGLE_CHOICE', required: true, choices: [{ value: 'yes', expected: true }, { value: 'no' }] },
      weight: 'MEDIUM',
    },
  },
  frameworks: {
    type: 'QUESTION',
    props: {
      title: 'Which frameworks do you follow?',
      params: {
        type: 'MULTIPLE_CHOICE',
        required: true,
        choices: [{ value: 'iso27001', expected: true }, { value: 'soc2', expected: true }, { value: 'none' }],
      },
      weight: 'LOW',
    },
  },
  notes: { type: 'QUESTION', props: { title: 'Anything else?', params: { type: 'TEXT', required: false }, weight: 'LOW' } },
  report: { type: 'QUESTION', props: { title: 'Attach your last audit report', params: { type: 'FILE', required: false }, weight: 'INFORMATIONAL' } },
} as const;

export type QuestionIds = Record<keyof typeof QUESTIONS, string>;

export async function call(t: TestVigil, who: Account, method: string, path: string, body?: unknown) {
  const answer = await t.rest(method, path, { key: who.apiKey, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Creates the template (section first, then the questions); returns its id and the questions' ids. */
export async function buildTemplate(
  t: TestVigil,
  owner: Account,
  name = 'Vendor security review',
): Promise<{ questionnaireId: string; sectionId: string; questions: QuestionIds }> {
  const base = `/organizations/${owner.organizationId}/questionnaires`;
  const questionnaire = await call(t, owner, 'POST', base, { name, description: 'Yearly review' });
  const section = await call(t, owner, 'POST', `${base}/${questionnaire.id}/elements`, { type: 'SECTION', props: { title: 'Security controls' } });
  const questions = {} as QuestionIds;
  for (const [key, element] of Object.entries(QUESTIONS))
    questions[key as keyof QuestionIds] = (await call(t, owner, 'POST', `${base}/${questionnaire.id}/elements`, element)).id;
  return { questionnaireId: questionnaire.id, sectionId: section.id, questions };
}

export async function sendAssessment(t: TestVigil, sender: Account, receiverId: string, questionnaireId: string, dueDate = '2099-01-01T00:00:00Z') {
  return call(t, sender, 'POST', `/organizations/${sender.organizationId}/assessments`, {
    questionnaireId,
    receiverId,
    name: 'Q4 vendor review',
    description: 'Please answer by the due date',
    dueDate,
    contactInformation: [{ name: 'Ana Souza', email: 'ana@sender.test', phone: '+55 11 5555-0000' }],
  });
}

/** An attachment of `owner`'s organization, declared through the documents subgraph's API. */
export async function insertAttachment(t: TestVigil, owner: Account, fileName: string): Promise<string> {
  const created = await t.rest('POST', `/organizations/${owner.organizationId}/attachments`, {
    key: owner.apiKey,
    body: { fileName, contentLength: 0, contentType: 'application/pdf', contentMD5: '1B2M2Y8AsgTpgAmY7PhCfg==' },
  });
  if (created.status !== 200) throw new Error(`attachment not created: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}
