import { describe, expect, it } from 'vitest';
import { navItemsFor } from './admin-nav-items';

const labels = (roles: Parameters<typeof navItemsFor>[0]) => navItemsFor(roles).map((item) => item.label);

describe('navItemsFor', () => {
  it('shows an admin everything', () => {
    expect(labels(['admin'])).toEqual([
      'Dashboard',
      'Stats',
      'Events',
      'Training programs',
      'Services',
      'Orders',
      'Tax documents',
      'Enquiries',
      'Subscribers',
      'Campaigns',
      'Vouchers',
      'Audit log',
      'Staff',
      'Data requests',
    ]);
  });

  it('shows each role only its sections, and a person with several roles their union', () => {
    expect(labels(['finance'])).toEqual([
      'Dashboard',
      'Stats',
      'Events',
      'Training programs',
      'Orders',
      'Tax documents',
      'Vouchers',
      'Audit log',
    ]);
    expect(labels(['front_desk'])).toEqual([
      'Dashboard',
      'Events',
      'Training programs',
      'Services',
      'Enquiries',
      'Audit log',
    ]);
    expect(labels(['finance', 'marketing'])).toContain('Subscribers');
    expect(labels(['programmes'])).not.toContain('Subscribers');
    // Tax documents: finance (and admin) only.
    expect(labels(['programmes', 'marketing', 'front_desk'])).not.toContain('Tax documents');
    // The staff screen: admins only (an empty list of other roles).
    expect(labels(['finance', 'programmes', 'marketing', 'front_desk'])).not.toContain('Staff');
    // Campaigns: marketing (and admin) only.
    expect(labels(['marketing'])).toContain('Campaigns');
    expect(labels(['finance', 'programmes', 'front_desk'])).not.toContain('Campaigns');
    // Vouchers: marketing writes them, finance reads them; nobody else.
    expect(labels(['marketing'])).toContain('Vouchers');
    expect(labels(['programmes', 'front_desk'])).not.toContain('Vouchers');
    // Data erasure requests: admins only too.
    expect(labels(['finance', 'programmes', 'marketing', 'front_desk'])).not.toContain('Data requests');
  });
});
