import type { RestRoute } from '../table';
import { accountRoutes } from './account';
import { alertRoutes } from './alerts';
import { eventRoutes } from './events';
import { organizationRoutes } from './organizations';
import { scanTargetRoutes } from './scan-targets';
import { scanRoutes } from './scans';

/** Every REST route Vigil serves; each area adds its rows in its own file. */
export const REST_ROUTES: RestRoute[] = [...accountRoutes, ...alertRoutes, ...eventRoutes, ...organizationRoutes, ...scanTargetRoutes, ...scanRoutes];
