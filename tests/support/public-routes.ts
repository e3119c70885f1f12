/** The public routes every browser-level check walks: the CMS pages plus the app's own public screens. */
import { ROUTE_PATHS } from '../../web/app/config/routes-table.ts';

/** Public screens that are not CMS documents (spec §2): commerce, sign-in, the maintenance preview. */
export const APP_PATHS = ['/cart', '/checkout', '/order-confirmation', '/login', '/maintenance-preview'] as const;

/** Every public route, CMS paths first in the spec's order. */
export const PUBLIC_PATHS: readonly string[] = [...ROUTE_PATHS, ...APP_PATHS];
