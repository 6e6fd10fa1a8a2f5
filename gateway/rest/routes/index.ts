import type { RestRoute } from '../table';
import { accountRoutes } from './account';
import { alertRoutes } from './alerts';
import { documentRoutes } from './documents';
import { eventRoutes } from './events';
import { organizationRoutes } from './organizations';
import { postureRoutes } from './posture';
import { questionnaireRoutes } from './questionnaires';
import { scanTargetRoutes } from './scan-targets';
import { scanRoutes } from './scans';
import { webhookRoutes } from './webhooks';

/** Every REST route Vigil serves; each area adds its rows in its own file. */
export const REST_ROUTES: RestRoute[] = [
  ...accountRoutes,
  ...alertRoutes,
  ...documentRoutes,
  ...eventRoutes,
  ...organizationRoutes,
  ...postureRoutes,
  ...questionnaireRoutes,
  ...scanTargetRoutes,
  ...scanRoutes,
  ...webhookRoutes,
];
