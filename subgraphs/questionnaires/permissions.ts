import { admin, byObject, type FieldRules, member } from '../field-rules';

/**
 * Who may call each field of the questionnaires subgraph (subgraphs/field-rules.ts: deny by default).
 * Members read, ADMIN members write; an assessment is also its sender's and receiver's only, and
 * some writes one side's only: the resolver checks that on the row it reads
 * (Visibility.requireAssessmentView / requireAssessmentWrite).
 */
export const questionnairesPermissions: FieldRules = {
  Query: {
    questionnaires: member('organizationId'),
    questionnaire: member('organizationId'),
    assessments: member('organizationId'),
    assessment: byObject('an assessment: the members of its sender and of its receiver'),
  },
  Mutation: {
    createQuestionnaire: admin('organizationId'),
    updateQuestionnaire: admin('organizationId'),
    createQuestionnaireElement: admin('organizationId'),
    updateQuestionnaireElement: admin('organizationId'),
    deleteQuestionnaireElement: admin('organizationId'),
    createAssessment: admin('organizationId'),
    updateAssessment: admin('organizationId'), // the sender's
    updateAssessmentStatus: admin('organizationId'),
    answerQuestion: admin('organizationId'), // the receiver's
    reviewAnswer: admin('organizationId'), // the sender's
    createAssessmentComment: admin('organizationId'),
  },
};
