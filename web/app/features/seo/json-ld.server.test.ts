import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, courseJsonLd, eventJsonLd, organizationJsonLd } from './json-ld.server';
import { serializeJsonLd } from './serialize-json-ld';
import { settings, siteUrl } from './fixtures.test-support';

const context = { siteUrl, instituteName: 'Ascent' };

describe('organizationJsonLd', () => {
  const org = organizationJsonLd(settings, siteUrl);

  it('names the institute with its URL, raster logo and social profiles', () => {
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://ascent.example/#organization',
      name: 'Ascent',
      url: 'https://ascent.example/',
      logo: 'https://cdn.example/images/p/d/logo-100x40.svg?w=512&fm=png',
      sameAs: ['https://www.facebook.com/ascent.example', 'https://twitter.com/ascent_ke'],
    });
  });

  it('gives the Kiambu Road address and a contact point with phone and e-mail', () => {
    expect(org.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Ascent Training Centre, Kiambu Road, Ridgeways',
      addressLocality: 'Nairobi',
      addressCountry: 'Kenya',
    });
    expect(org.contactPoint).toMatchObject({
      '@type': 'ContactPoint',
      telephone: '+254 700 000 000',
      email: 'info@ascent.example',
    });
  });

  it('leaves out what settings lack', () => {
    const bare = organizationJsonLd({ ...settings, logo: null, socialLinks: null, tagline: null }, siteUrl);
    expect(bare).not.toHaveProperty('logo');
    expect(bare).not.toHaveProperty('sameAs');
    expect(bare).not.toHaveProperty('description');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Our Services', path: '/services' },
          { name: 'HR Advisory', path: '/services/hr-advisory' },
        ],
        siteUrl,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://ascent.example/' },
        { '@type': 'ListItem', position: 2, name: 'Our Services', item: 'https://ascent.example/services' },
        { '@type': 'ListItem', position: 3, name: 'HR Advisory', item: 'https://ascent.example/services/hr-advisory' },
      ],
    });
  });
});

describe('courseJsonLd', () => {
  const program = {
    title: 'IFRS Update',
    description: 'Two days on the new standards.',
    category: 'Finance',
    focus: 'Reporting',
    mode: 'In person',
    price: { amount: 650, currency: 'USD' },
  };

  it('describes the program, its provider, price and mode', () => {
    expect(courseJsonLd(program, context)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'IFRS Update',
      description: 'Two days on the new standards.',
      url: 'https://ascent.example/training',
      provider: {
        '@type': 'Organization',
        '@id': 'https://ascent.example/#organization',
        name: 'Ascent',
        url: 'https://ascent.example/',
      },
      keywords: 'Finance, Reporting',
      offers: { '@type': 'Offer', category: 'Paid', price: '650.00', priceCurrency: 'USD' },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Onsite' },
    });
  });

  it('gives the program’s image as an absolute URL when it has one', () => {
    expect(courseJsonLd({ ...program, imageUrl: '/images/ifrs.jpg' }, context).image).toEqual([
      'https://ascent.example/images/ifrs.jpg',
    ]);
    const uploaded = 'https://project.supabase.co/storage/v1/object/public/media/training-programs/a.jpg';
    expect(courseJsonLd({ ...program, imageUrl: uploaded }, context).image).toEqual([uploaded]);
    expect(courseJsonLd({ ...program, imageUrl: null }, context)).not.toHaveProperty('image');
  });

  it('maps stored and displayed delivery modes, and skips unknown ones', () => {
    const mode = (value: string) => courseJsonLd({ ...program, mode: value }, context).hasCourseInstance;
    expect(mode('virtual')).toEqual({ '@type': 'CourseInstance', courseMode: 'Online' });
    expect(mode('Online')).toEqual({ '@type': 'CourseInstance', courseMode: 'Online' });
    expect(mode('hybrid')).toEqual({ '@type': 'CourseInstance', courseMode: 'Blended' });
    expect(mode('in-person')).toEqual({ '@type': 'CourseInstance', courseMode: 'Onsite' });
    expect(mode('by pigeon')).toBeUndefined();
  });
});

describe('eventJsonLd', () => {
  const event = {
    title: 'CFO Breakfast',
    description: 'Budget season briefing.',
    venue: 'Ascent Training Centre, Kiambu Road',
    mode: 'In person',
    startsAt: '2026-12-02T05:00:00Z',
    endsAt: '2026-12-02T08:00:00Z',
    registerHref: '/events/cfo-breakfast/register',
    seatsLeft: 12,
    price: null,
  };

  it('describes an in-person event at its venue', () => {
    expect(eventJsonLd(event, context)).toMatchObject({
      '@type': 'Event',
      name: 'CFO Breakfast',
      startDate: '2026-12-02T05:00:00Z',
      endDate: '2026-12-02T08:00:00Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: event.venue, address: event.venue },
      organizer: { '@type': 'Organization', name: 'Ascent' },
      offers: {
        '@type': 'Offer',
        url: 'https://ascent.example/events/cfo-breakfast/register',
        availability: 'https://schema.org/InStock',
        price: 0,
        priceCurrency: 'KES',
      },
    });
  });

  it('gives virtual events a virtual location and hybrid events both', () => {
    expect(eventJsonLd({ ...event, mode: 'virtual' }, context)).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://ascent.example/events/cfo-breakfast/register' },
    });
    const hybrid = eventJsonLd({ ...event, mode: 'Hybrid', registerHref: null, imageUrl: '/images/cfo.jpg' }, context);
    expect(hybrid.location).toEqual([
      { '@type': 'Place', name: event.venue, address: event.venue },
      { '@type': 'VirtualLocation', url: 'https://ascent.example/events' },
    ]);
    expect(hybrid.image).toEqual(['https://ascent.example/images/cfo.jpg']);
    expect(hybrid).not.toHaveProperty('offers');
  });

  it('offers paid seats with their price, few seats as limited and a full event as sold out', () => {
    const paid = { ...event, price: { amount: 2500, currency: 'KES' } };
    expect(eventJsonLd({ ...paid, seatsLeft: 3 }, context).offers).toMatchObject({
      price: 2500,
      priceCurrency: 'KES',
      availability: 'https://schema.org/LimitedAvailability',
    });
    expect(eventJsonLd({ ...paid, seatsLeft: 0 }, context).offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
    });
    expect(eventJsonLd({ ...paid, seatsLeft: null }, context).offers).toMatchObject({
      availability: 'https://schema.org/InStock',
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close its script element, and still parses to the same data', () => {
    const data = { '@type': 'Thing', name: '</script><script>alert(1)</script> & \u2028' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
