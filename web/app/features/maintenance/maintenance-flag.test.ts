import { describe, expect, it } from 'vitest';
import { isExemptFromMaintenance, isMaintenanceActive } from './maintenance-flag';

describe('maintenance flag', () => {
  it('is on only for a well-formed value with is_active true', () => {
    expect(isMaintenanceActive({ is_active: true })).toBe(true);
    for (const value of [{ is_active: false }, { is_active: 'true' }, { active: true }, null, undefined, 'on', 1, []]) {
      expect(isMaintenanceActive(value)).toBe(false);
    }
  });

  it('spares paths starting with /admin, /login and /maintenance-preview', () => {
    for (const path of ['/admin', '/admin/events', '/login', '/maintenance-preview']) {
      expect(isExemptFromMaintenance(path)).toBe(true);
    }
    for (const path of ['/', '/about', '/events', '/cart', '/services/hr-advisory']) {
      expect(isExemptFromMaintenance(path)).toBe(false);
    }
  });
});
