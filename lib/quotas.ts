import { DEFAULT_QUOTAS, type Quotas } from './config';
import { conflict } from './errors';

/**
 * Quotas: how many of a thing one owner may hold. Going over answers 409 Conflict (the request
 * conflicts with what the owner already holds, and retrying will not help until some is removed:
 * 429 is kept for rate limits, which pass with time). The message names the quota and its setting.
 */
export const QUOTA_SETTINGS: Record<keyof Quotas, { setting: string; what: string }> = {
  apiKeysPerUser: { setting: 'VIGIL_QUOTA_API_KEYS_PER_USER', what: 'API keys per user' },
  commentsPerAlert: { setting: 'VIGIL_QUOTA_COMMENTS_PER_ALERT', what: 'comments per alert' },
  labelsPerAlert: { setting: 'VIGIL_QUOTA_LABELS_PER_ALERT', what: 'labels per alert' },
  pendingAccessRequests: { setting: 'VIGIL_QUOTA_PENDING_ACCESS_REQUESTS', what: 'pending access requests per requester' },
  organizationsPerUser: { setting: 'VIGIL_QUOTA_ORGANIZATIONS_PER_USER', what: 'organizations administered per user' },
};

export function quotasOf(services: { quotas?: Quotas } | undefined): Quotas {
  return services?.quotas ?? DEFAULT_QUOTAS;
}

/** Refuses when `count` things already held plus `adding` would exceed the quota (0 = no quota). */
export function requireWithinQuota(quotas: Quotas, name: keyof Quotas, count: number, adding = 1): void {
  const limit = quotas[name];
  if (limit > 0 && count + adding > limit) {
    const { setting, what } = QUOTA_SETTINGS[name];
    throw conflict(`Quota exceeded (${name}): at most ${limit} ${what} (${setting})`);
  }
}
