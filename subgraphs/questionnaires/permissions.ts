import { admin, byObject, type FieldRules, member } from '../field-rules';
import { viewIdFormat } from './view-ids';

/**
 * Who may call each field of the questionnaires subgraph (subgraphs/field-rules.ts: deny by default).
 * Members read, ADMIN members write; an assessment is also its sender's and receiver's only, and
 * some writes one side's only: the resolver checks that on the row it reads
 * (Visibility.requireAssessmentView / requireAssessmentWrite). Assessment and question ids may be
 * the receiver's own (`received:<uuid>`, view-ids.ts): `.keyed()` lets them through the format step.
 */
const assessmentKeys = { assessmentId: viewIdFormat };
const inputKeys = { 'input.assessmentId': viewIdFormat };
const inputKeysWithQuestion = { ...inputKeys, 'input.questionId': viewIdFormat };
export const questionnairesPermissions: FieldRules = {
  Query: {
    questionnaires: member('organizationId'),
    questionnaire: member('organizationId'),
    assessments: member('organizationId'),
    assessment: byObject('an assessment: the members of its sender and of its receiver').keyed(assessmentKeys),
  },
  Mutation: {
    createQuestionnaire: admin('input.organizationId'),
    updateQuestionnaire: admin('input.organizationId'),
    createQuestionnaireElement: admin('input.organizationId'),
    updateQuestionnaireElement: admin('input.organizationId'),
    deleteQuestionnaireElement: admin('input.organizationId'),
    createAssessment: admin('input.organizationId'),
    updateAssessment: admin('input.organizationId').keyed(inputKeys), // the sender's
    updateAssessmentStatus: admin('input.organizationId').keyed(inputKeys),
    answerQuestion: admin('input.organizationId').keyed(inputKeysWithQuestion), // the receiver's
    reviewAnswer: admin('input.organizationId').keyed(inputKeysWithQuestion), // the sender's
    createAssessmentComment: admin('input.organizationId').keyed(inputKeysWithQuestion),
  },
};
