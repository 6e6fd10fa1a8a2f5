import { z } from 'zod/v4';

/** Shared pieces of the REST input schemas. */
export const id = z.uuid().transform((v) => v.toLowerCase());
export const organizationParams = z.object({ organizationId: id });
export const noParams = z.object({});
