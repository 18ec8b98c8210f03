import { productTag } from '../runtime-config';

/**
 * The update reasons of a situational update (spec 001 §3 "Update reason: {product} Update or
 * Media Update"): offered by the new entry and by the edit dialog alike.
 */
export const updateReasons = [`${productTag} Update`, 'Media Update'] as const;
