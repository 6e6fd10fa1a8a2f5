import { graphql } from './gql';

/** The live sources several views share, and the posture fields the overview and its subscription read. */
export const PostureFields = graphql(`
  fragment PostureFields on Posture {
    organizationId
    view
    grade
    open { critical high medium low info total }
    overdue { critical high medium low info total }
  }
`);

export const PostureLive = graphql(`
  subscription ConsolePostureChanged($org: ID!) {
    postureChanged(organizationId: $org) { cursor posture { ...PostureFields } }
  }
`);

export const AlertLive = graphql(`
  subscription ConsoleAlertChanged($org: ID!) {
    alertChanged(organizationId: $org) { cursor event alert { id rule resource severity state } }
  }
`);
