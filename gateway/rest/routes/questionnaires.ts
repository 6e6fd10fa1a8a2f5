import { z } from 'zod/v4';
import { id, organizationParams } from '../schemas';
import { found, nodesOf, route } from '../table';

// The spec hides the questionnaire paths; these follow the rest of the API: everything under the
// acting organization (/organizations/:organizationId/...), which for an assessment is its sender or
// its receiver. Bodies go to GraphQL as they are: its input types name a bad or unknown field (400).

// REST ids are the rows' ids in both sides' answers (`id: assessmentId`, `id: elementId`): the graph's
// `id` of the receiver's copy is its own cache identity (`received:<id>`), which REST never had.

// Whole Attachment records (the spec's fields), resolved through the documents subgraph; `url` is a
// signed download link (null until the bytes are uploaded).
const ATTACHMENTS = `attachmentIds attachments { id fileName contentLength contentType contentMD5 url createdAt expiresAt }`;
const ELEMENT_FIELDS = `id: elementId organizationId questionnaireId questionnaireVersion order type props { title description params { type required choices { value expected } } weight } ${ATTACHMENTS} createdAt updatedAt`;
const QUESTIONNAIRE_FIELDS = `id organizationId name description version elements { ${ELEMENT_FIELDS} } createdAt updatedAt`;
const ASSESSMENT_FIELDS = `id: assessmentId questionnaireId questionnaireVersion senderId receiverId view name description dueDate firstRequestedReviewAt status overdue contactInformation { name email phone } grade reviewNotes createdAt updatedAt`;
const ANSWER_FIELDS = `assessmentId questionId questionnaireId questionnaireVersion senderId receiverId content { ${ATTACHMENTS} content { type text choice choices } createdAt } status grade createdAt updatedAt`;
const COMMENT_FIELDS = `id organizationId userId assessmentId questionId content ${ATTACHMENTS} createdAt`;

const questionnaireParams = z.object({ organizationId: id, questionnaireId: id });
const elementParams = z.object({ organizationId: id, questionnaireId: id, elementId: id });
const assessmentParams = z.object({ organizationId: id, assessmentId: id });
const answerParams = z.object({ organizationId: id, assessmentId: id, questionId: id });
// Shapes only (strings, lists, objects): GraphQL's input types check the rest and name a bad field.
const text = z.string().nullish();
const ids = z.array(z.string()).nullish();
const upper = z.string().transform((s) => s.toUpperCase());
const elementProps = z.object({
  title: z.string(),
  description: text,
  params: z
    .object({ type: upper, required: z.boolean().nullish(), choices: z.array(z.object({ value: z.string(), expected: z.boolean().nullish() })).nullish() })
    .nullish(),
  weight: upper.nullish(),
});
const contactInformation = z.array(z.object({ name: z.string(), email: z.string(), phone: text })).nullish();

const TEMPLATES = 'questionnaires';
const ASSESSMENTS = 'assessments';

export const questionnaireRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/questionnaires',
    tag: TEMPLATES,
    summary: "The organization's questionnaire templates, current version's elements included (members)",
    params: organizationParams,
    operation: `query($organizationId: ID!, $first: Int, $after: String) {
      questionnaires(organizationId: $organizationId, first: $first, after: $after) { nodes { ${QUESTIONNAIRE_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['questionnaires'],
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.questionnaires),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/questionnaires',
    tag: TEMPLATES,
    summary: 'Create a questionnaire template (ADMIN). Body {name, description?}',
    params: organizationParams,
    body: z.object({ name: text, description: text }),
    operation: `mutation($input: CreateQuestionnaireInput!) { createQuestionnaire(input: $input) { questionnaire { ${QUESTIONNAIRE_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.createQuestionnaire as { questionnaire: unknown }).questionnaire,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/questionnaires/:questionnaireId',
    tag: TEMPLATES,
    summary: 'One template with its current version’s elements in order (members)',
    params: questionnaireParams,
    operation: `query($organizationId: ID!, $questionnaireId: ID!) { questionnaire(organizationId: $organizationId, questionnaireId: $questionnaireId) { ${QUESTIONNAIRE_FIELDS} } }`,
    variables: ({ params }) => ({ ...params }),
    result: (data) => found(data.questionnaire, 'Questionnaire'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/questionnaires/:questionnaireId',
    tag: TEMPLATES,
    summary: 'Rename or describe a template (ADMIN; no new version). Body {name?, description?}',
    params: questionnaireParams,
    body: z.object({ name: text, description: text }),
    operation: `mutation($input: UpdateQuestionnaireInput!) { updateQuestionnaire(input: $input) { questionnaire { ${QUESTIONNAIRE_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.updateQuestionnaire as { questionnaire: unknown }).questionnaire,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/questionnaires/:questionnaireId/elements',
    tag: TEMPLATES,
    summary: 'Add an element (ADMIN; a new version first when the current one was sent). Body {type, props, after?, before?, attachmentIds?}',
    params: questionnaireParams,
    body: z.object({ type: upper, props: elementProps, after: text, before: text, attachmentIds: ids }),
    operation: `mutation($input: CreateQuestionnaireElementInput!) { createQuestionnaireElement(input: $input) { element { ${ELEMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.createQuestionnaireElement as { element: unknown }).element,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/questionnaires/:questionnaireId/elements/:elementId',
    tag: TEMPLATES,
    summary:
      'Change an element’s props or attachments (ADMIN; answers the element in the current version, whose id is new when a version was made). Body {props?, attachmentIds?}',
    params: elementParams,
    body: z.object({ props: elementProps.nullish(), attachmentIds: ids }),
    operation: `mutation($input: UpdateQuestionnaireElementInput!) { updateQuestionnaireElement(input: $input) { element { ${ELEMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.updateQuestionnaireElement as { element: unknown }).element,
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/questionnaires/:questionnaireId/elements/:elementId',
    tag: TEMPLATES,
    summary: 'Remove an element (ADMIN; a new version first when the current one was sent)',
    params: elementParams,
    operation: `mutation($input: DeleteQuestionnaireElementInput!) { deleteQuestionnaireElement(input: $input) { element { ${ELEMENT_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { ...params } }),
    result: (data) => (data.deleteQuestionnaireElement as { element: unknown }).element,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/assessments',
    tag: ASSESSMENTS,
    summary: 'Assessments the organization sent and received (members); query role=SENT|RECEIVED narrows',
    params: organizationParams,
    query: z.object({ role: upper.optional() }),
    operation: `query($organizationId: ID!, $role: AssessmentRole, $first: Int, $after: String) {
      assessments(organizationId: $organizationId, role: $role, first: $first, after: $after) { nodes { ${ASSESSMENT_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['assessments'],
    variables: ({ params, query }) => ({ organizationId: params.organizationId, role: query.role ?? null }),
    result: (data) => nodesOf(data.assessments),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/assessments',
    tag: ASSESSMENTS,
    summary:
      'Send a questionnaire to an organization with a follow relation either way (ADMIN). Body {questionnaireId, receiverId, name, description?, dueDate, contactInformation?}',
    params: organizationParams,
    body: z.object({ questionnaireId: z.string(), receiverId: z.string(), name: z.string(), description: text, dueDate: z.string(), contactInformation }),
    operation: `mutation($input: CreateAssessmentInput!) { createAssessment(input: $input) { assessment { ${ASSESSMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.createAssessment as { assessment: unknown }).assessment,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/assessments/:assessmentId',
    tag: ASSESSMENTS,
    summary: 'One assessment as the organization’s side reads it (sender or receiver members)',
    params: assessmentParams,
    operation: `query($organizationId: ID!, $assessmentId: ID!) { assessment(organizationId: $organizationId, assessmentId: $assessmentId) { ${ASSESSMENT_FIELDS} elements { ${ELEMENT_FIELDS} } } }`,
    variables: ({ params }) => ({ ...params }),
    result: (data) => found(data.assessment, 'Assessment'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/assessments/:assessmentId',
    tag: ASSESSMENTS,
    summary: 'The sender edits an assessment (ADMIN). Body {name?, description?, dueDate?, contactInformation?, reviewNotes?}',
    params: assessmentParams,
    body: z.object({ name: text, description: text, dueDate: text, contactInformation, reviewNotes: text }),
    operation: `mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { assessment { ${ASSESSMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.updateAssessment as { assessment: unknown }).assessment,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/assessments/:assessmentId/answers',
    tag: ASSESSMENTS,
    summary: 'The answers of an assessment (sender or receiver members)',
    params: assessmentParams,
    operation: `query($organizationId: ID!, $assessmentId: ID!) { assessment(organizationId: $organizationId, assessmentId: $assessmentId) { answers { ${ANSWER_FIELDS} } } }`,
    variables: ({ params }) => ({ ...params }),
    result: (data) => found(data.assessment as { answers: unknown } | null, 'Assessment').answers,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/assessments/:assessmentId/answers/:questionId',
    tag: ASSESSMENTS,
    summary: 'The receiver answers a question (ADMIN). Body {type: EMPTY|TEXT|SINGLE_CHOICE|MULTIPLE_CHOICE|FILE, text?, choice?, choices?, attachmentIds?}',
    params: answerParams,
    body: z.object({ type: upper, text, choice: text, choices: ids, attachmentIds: ids }),
    operation: `mutation($input: AnswerQuestionInput!) { answerQuestion(input: $input) { answer { ${ANSWER_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.answerQuestion as { answer: unknown }).answer,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/assessments/:assessmentId/answers/:questionId/review',
    tag: ASSESSMENTS,
    summary: 'The sender reviews an answer (ADMIN). Body {status?: APPROVED|REJECTED|REQUESTED_CLARIFICATION, grade?: BAD|GOOD|EXCELLENT}',
    params: answerParams,
    body: z.object({ status: upper.optional(), grade: upper.optional() }),
    operation: `mutation($input: ReviewAnswerInput!) { reviewAnswer(input: $input) { answer { ${ANSWER_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.reviewAnswer as { answer: unknown }).answer,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/assessments/:assessmentId/comments',
    tag: ASSESSMENTS,
    summary: 'Comments on the assessment and its questions (sender or receiver members); query questionId narrows',
    params: assessmentParams,
    query: z.object({ questionId: id.optional() }),
    operation: `query($organizationId: ID!, $assessmentId: ID!, $questionId: ID, $first: Int, $after: String) { assessment(organizationId: $organizationId, assessmentId: $assessmentId) {
      comments(questionId: $questionId, first: $first, after: $after) { nodes { ${COMMENT_FIELDS} } pageInfo { hasNextPage endCursor } } } }`,
    whole: ['assessment', 'comments'],
    variables: ({ params, query }) => ({ ...params, questionId: query.questionId ?? null }),
    result: (data) => nodesOf(found(data.assessment as { comments: unknown } | null, 'Assessment').comments),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/assessments/:assessmentId/comments',
    tag: ASSESSMENTS,
    summary: 'Comment in markdown on the assessment or one question (ADMIN of either side). Body {content, questionId?, attachmentIds?}',
    params: assessmentParams,
    body: z.object({ content: z.string(), questionId: text, attachmentIds: ids }),
    operation: `mutation($input: CreateAssessmentCommentInput!) { createAssessmentComment(input: $input) { comment { ${COMMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, ...params } }),
    result: (data) => (data.createAssessmentComment as { comment: unknown }).comment,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/assessments/:assessmentId/status',
    tag: ASSESSMENTS,
    summary: 'One workflow move (ADMIN of the side that makes it); an illegal move answers 409 naming both states. Body {status}',
    params: assessmentParams,
    body: z.object({ status: upper }),
    operation: `mutation($input: UpdateAssessmentStatusInput!) { updateAssessmentStatus(input: $input) { assessment { ${ASSESSMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...params, status: body.status } }),
    result: (data) => (data.updateAssessmentStatus as { assessment: unknown }).assessment,
  }),
];
