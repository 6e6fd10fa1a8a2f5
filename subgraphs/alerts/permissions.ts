import { admin, authenticated, byObject, type FieldRules, member } from '../field-rules';

/**
 * Who may call each field of the alerts subgraph (subgraphs/field-rules.ts: deny by default). The
 * `following…` reads are a member's view of what its organization follows: censored
 * (lib/visibility.ts), narrowed to accepted follows where the list is read.
 */

/** Mutations taking one input object: the organization is the input's (its ids are checked as UUIDs under their own names). */
const adminOfInput = admin('input.organizationId');

const alertByItsId = byObject('the alert’s organization: its members, and its followers censored (visibleAlert)');

export const alertsPermissions: FieldRules = {
  Query: {
    rules: authenticated, // the rule catalog is the same for everyone
    alerts: member('organizationId'),
    alertsPage: member('organizationId'),
    followingAlertsPage: member('organizationId'),
    alertsByPage: member('organizationId'),
    alertsByRule: member('organizationId'),
    alertsByRuleByPage: member('organizationId'),
    alertHistory: member('organizationId'),
    alertSummary: member('organizationId'),
    dailyOpenAlerts: member('organizationId'),
    scanTargetSummaries: member('organizationId'),
    followingAlerts: member('organizationId'),
    followingAlertsByPage: member('organizationId'),
    followingAlertsByRule: member('organizationId'),
    followingAlertsByRuleByPage: member('organizationId'),
    followingAlertHistory: member('organizationId'),
    followingScanTargetSummaries: member('organizationId'),
    followingAlertSummary: member('organizationId'),
    followingDailyOpenAlerts: member('organizationId'),
    followingDailyResolvedAlerts: member('organizationId'),
    alert: alertByItsId.ids({ id: 'alertId' }),
    alertHistoryOf: alertByItsId,
    alertComments: alertByItsId, // a follower's answer is always empty
    alertHistoryOfPage: alertByItsId,
    alertCommentsPage: alertByItsId,
    scanTargets: member('organizationId'),
    scanTarget: member('organizationId').ids({ id: 'scanTargetId' }),
    oauthLink: admin('organizationId'),
    gworkspaceOAuthLink: admin('organizationId'),
    scanTargetGroups: member('organizationId'),
    scanTargetGroup: member('organizationId').ids({ id: 'scanTargetGroupId' }),
    scanTargetGroupCompartments: member('organizationId').ids({ id: 'scanTargetGroupId' }),
    scanTargetGroupScript: member('organizationId').ids({ id: 'scanTargetGroupId' }),
    scanTargetGroupTerraform: member('organizationId').ids({ id: 'scanTargetGroupId' }),
    scans: member('organizationId'),
    scan: member('organizationId'),
    // Members read the whole posture, followers the censored one (Visibility.viewOf); anyone else null.
    posture: byObject('the organization: its members, and its followers censored (Visibility.viewOf); null for anyone else'),
    followingPosture: member('organizationId'),
  },
  Mutation: {
    createAlertComment: member('input.organizationId'), // any member comments
    updateAlert: adminOfInput,
    batchUpdateAlerts: adminOfInput,
    createScanTarget: adminOfInput,
    updateScanTarget: adminOfInput,
    deleteScanTarget: adminOfInput,
    checkScanTarget: adminOfInput,
    createScanTargetGroup: adminOfInput,
    updateScanTargetGroup: adminOfInput,
    deleteScanTargetGroup: adminOfInput,
    insertScanTargetGroupCredential: adminOfInput,
    createScanTargetsFromCompartments: adminOfInput,
    startScan: adminOfInput,
    stopScan: adminOfInput,
    ingestFindings: adminOfInput,
  },
};
