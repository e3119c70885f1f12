/** Site settings shaped like the seed's, for the SEO tests. */
import type { SeoSettings } from './types';

export const siteUrl = 'https://ascent.example';

export const settings: SeoSettings = {
  instituteName: 'Ascent',
  tagline: 'Practical training for professionals.',
  logo: { alt: 'Ascent logo', asset: { url: 'https://cdn.example/images/p/d/logo-100x40.svg' } },
  phone: '+254 700 000 000',
  email: 'info@ascent.example',
  address: { street: 'Ascent Training Centre, Kiambu Road', area: 'Ridgeways', city: 'Nairobi', country: 'Kenya' },
  socialLinks: [
    { platform: 'facebook', url: 'https://www.facebook.com/ascent.example' },
    { platform: 'twitter', url: 'https://twitter.com/ascent_ke' },
  ],
  defaultSeo: {
    title: 'Ascent | Training institute',
    description: 'Default description.',
    shareImage: { alt: 'Default card', asset: { url: 'https://cdn.example/images/p/d/share-1200x630.svg' } },
  },
};
