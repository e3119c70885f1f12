/** The singleton `siteSettings`: contact details, hours, social links, footer links, messages used on every page, the payment details orders show, and the certificates' signatory. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { CogIcon } from '@sanity/icons/Cog';
import { imageField } from '../fields/image.ts';

export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  fields: [
    defineField({ name: 'instituteName', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'tagline', type: 'string' }),
    imageField('logo'),
    defineField({
      name: 'phone',
      type: 'string',
      validation: (rule) => rule.required().regex(/^\+?[\d\s()-]{7,}$/, { name: 'phone number' }),
    }),
    defineField({ name: 'email', type: 'email', validation: (rule) => rule.required() }),
    defineField({
      name: 'address',
      type: 'object',
      fields: [
        defineField({ name: 'street', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'area', type: 'string' }),
        defineField({ name: 'city', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'country', type: 'string', validation: (rule) => rule.required() }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'openingHours',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'openingHours',
          type: 'object',
          fields: [
            defineField({
              name: 'days',
              type: 'string',
              description: '"Mon-Fri"',
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'hours', type: 'string', description: '"8am-5pm"; empty when closed' }),
            defineField({ name: 'closed', type: 'boolean', initialValue: false }),
          ],
          validation: (rule) =>
            rule.custom((value: { hours?: string; closed?: boolean } | undefined) =>
              value && !value.closed && !value.hours ? 'Give the hours or mark the days closed' : true,
            ),
          preview: {
            select: { title: 'days', hours: 'hours', closed: 'closed' },
            prepare: ({ title, hours, closed }) => ({ title, subtitle: closed ? 'Closed' : hours }),
          },
        }),
      ],
    }),
    defineField({
      name: 'socialLinks',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'socialLink',
          type: 'object',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              options: { list: [...SOCIAL_PLATFORMS] },
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'url', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https'] }) }),
          ],
          preview: { select: { title: 'platform', subtitle: 'url' } },
        }),
      ],
      validation: (rule) =>
        rule.custom((links: { platform?: string }[] | undefined) => {
          const platforms = (links ?? []).map((l) => l.platform);
          return new Set(platforms).size === platforms.length ? true : 'Each platform at most once';
        }),
    }),
    defineField({
      name: 'footerLinkGroups',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'linkGroup',
          type: 'object',
          fields: [
            defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
            defineField({
              name: 'links',
              type: 'array',
              of: [defineArrayMember({ type: 'link' })],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: {
            select: { title: 'title', links: 'links' },
            prepare: ({ title, links }) => ({
              title,
              subtitle: Array.isArray(links) ? `${links.length} links` : undefined,
            }),
          },
        }),
      ],
    }),
    defineField({
      name: 'newsletter',
      type: 'object',
      fields: [
        defineField({
          name: 'heading',
          type: 'string',
          initialValue: 'Stay Updated',
          validation: (rule) => rule.required(),
        }),
        defineField({ name: 'text', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'maintenance',
      type: 'object',
      fields: [
        defineField({
          name: 'heading',
          type: 'string',
          initialValue: 'Under Maintenance',
          validation: (rule) => rule.required(),
        }),
        defineField({ name: 'message', type: 'text', rows: 3 }),
        defineField({
          name: 'urgentText',
          type: 'string',
          description: 'Lead-in for the urgent-inquiry e-mail and phone.',
        }),
      ],
    }),
    defineField({
      name: 'bookingsEmail',
      title: 'Bookings e-mail',
      type: 'email',
      description: 'Where new orders and submitted M-Pesa codes are notified.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'enquiryEmails',
      title: 'Enquiry e-mails by topic',
      type: 'object',
      description: 'Where /contact enquiries are sent, by the topic the visitor chooses.',
      validation: (rule) => rule.required(),
      fields: [
        { name: 'training', title: 'Training', type: 'email', validation: (rule) => rule.required() },
        { name: 'advisory', title: 'Advisory', type: 'email', validation: (rule) => rule.required() },
        { name: 'technology', title: 'Technology', type: 'email', validation: (rule) => rule.required() },
        { name: 'insurance', title: 'Insurance', type: 'email', validation: (rule) => rule.required() },
        { name: 'other', title: 'Other', type: 'email', validation: (rule) => rule.required() },
      ],
    }),
    defineField({
      name: 'payments',
      type: 'object',
      description: 'Shown at checkout, on order confirmations and on pro-forma invoices.',
      fields: [
        defineField({
          name: 'mpesaPaybill',
          title: 'M-Pesa Paybill number',
          type: 'string',
          description: 'The account number customers enter is the order reference.',
          validation: (rule) => rule.required().regex(/^[0-9]{5,7}$/, { name: 'Paybill number' }),
        }),
        defineField({
          name: 'bankAccounts',
          type: 'array',
          of: [
            defineArrayMember({
              name: 'bankAccount',
              type: 'object',
              fields: [
                defineField({
                  name: 'currency',
                  type: 'string',
                  options: { list: ['KES', 'USD'] },
                  validation: (rule) => rule.required(),
                }),
                defineField({ name: 'bankName', type: 'string', validation: (rule) => rule.required() }),
                defineField({ name: 'branch', type: 'string', validation: (rule) => rule.required() }),
                defineField({ name: 'accountName', type: 'string', validation: (rule) => rule.required() }),
                defineField({ name: 'accountNumber', type: 'string', validation: (rule) => rule.required() }),
                defineField({ name: 'swiftCode', title: 'SWIFT code', type: 'string' }),
              ],
              preview: { select: { title: 'bankName', subtitle: 'currency' } },
            }),
          ],
          validation: (rule) => rule.required().min(1),
        }),
        defineField({ name: 'kraPin', title: 'KRA PIN', type: 'string', description: 'Printed on invoices.' }),
        defineField({
          name: 'invoiceNote',
          type: 'text',
          rows: 3,
          description: 'Printed under the totals of every pro-forma invoice.',
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'certificateSignatory',
      title: 'Certificate signatory',
      type: 'object',
      description:
        'Who signs the certificates of completion: printed under the signature line with the logo above. Certificates without one carry no signature line.',
      fields: [
        defineField({ name: 'name', type: 'string', validation: (rule) => rule.max(80) }),
        defineField({
          name: 'title',
          type: 'string',
          description: 'e.g. "Director of Training"',
          validation: (rule) => rule.max(80),
        }),
      ],
    }),
    defineField({ name: 'defaultSeo', title: 'Default SEO', type: 'seo' }),
  ],
  preview: {
    select: { title: 'instituteName', subtitle: 'tagline', media: 'logo' },
    prepare: ({ title, subtitle, media }) => ({ title: title ?? 'Site settings', subtitle, media }),
  },
});
