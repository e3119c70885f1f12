/**
 * What the admin catalogue forms accept, as zod: each rule mirrors a check constraint of the
 * catalogue migrations (named beside it), so a form refuses what the database would, with a
 * sentence beside the field. Inputs are the form's strings; outputs are the rows' values.
 */
import { z } from 'zod';
import { TAX_TYPE_CODES } from '../../../../domain/vat.ts';
import { fromStaffInput, nairobiToday } from '../../lib/staff-time';

/** training_programs_slug_format, services_slug_format, services_icon_format. */
export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** numeric(12, 2): up to 10 digits before the point and 2 after. */
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
/** The same with thousands separated by commas, as people write prices: "42,500" or "1,200.50". */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const MODES = ['in-person', 'virtual', 'hybrid'] as const;

/** A program's or event's tax class, KRA's code (tax_class references tax_classes); empty on a new one: the institute's default (default_tax_class). */
const taxClass = z
  .union([z.literal(''), z.enum(TAX_TYPE_CODES)], { error: 'Please choose a tax class.' })
  .transform((value) => (value === '' ? undefined : value));

const required = (max: number | null, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter ${what}.`)
    .max(
      max ?? Number.MAX_SAFE_INTEGER,
      `${what[0]?.toUpperCase()}${what.slice(1)} must be at most ${max} characters.`,
    );

/** Empty text means "none" (null in the row). */
const optional = (rule: z.ZodString) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(z.union([z.null(), rule]));

const decimal = (message: string) =>
  z
    .string()
    .trim()
    .transform((value) => (GROUPED.test(value) ? value.replaceAll(',', '') : value))
    .pipe(z.string().regex(MONEY, message))
    .transform((value) => Number(value));

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, message)
    .transform((value) => Number(value))
    .pipe(z.number().min(min, message).max(max, message));

/** events_image_url_safe, training_programs_image_url_safe, services_image_url_safe. */
const imageUrl = optional(
  z.string().regex(/^(https?:\/\/|\/)/, 'The image must be an http(s) address or a site path.'),
);

export const currencyOptions = [
  { value: 'USD', label: 'US dollars (USD)' },
  { value: 'KES', label: 'Kenyan shillings (KES)' },
] as const;

/** The tax class select's options: KRA's classes as the database names them; on a new record, the institute's default first. */
export function taxClassOptions(classes: ReadonlyArray<{ id: string; label: string }>, isNew: boolean) {
  return [
    ...(isNew ? [{ value: '', label: 'The institute’s default' }] : []),
    ...classes.map((taxClass) => ({ value: taxClass.id, label: `${taxClass.id}: ${taxClass.label}` })),
  ];
}

export const modeOptions = [
  { value: 'in-person', label: 'In person' },
  { value: 'virtual', label: 'Virtual' },
  { value: 'hybrid', label: 'Hybrid' },
] as const;

// Impact metrics --------------------------------------------------------------------------------

export const metricSchema = z.object({
  label: required(100, 'a label'), // impact_metrics_label_not_blank (1..100)
  value: decimal('Please enter a number of 0 or more, with at most 2 decimals.'), // impact_metrics_value_not_negative
  suffix: z.string().max(8, 'The suffix must be at most 8 characters.'), // impact_metrics_suffix_short
  is_published: z.boolean(),
});
export type MetricInput = z.input<typeof metricSchema>;
export type MetricValues = z.output<typeof metricSchema>;

// Events ------------------------------------------------------------------------------------------

/** A datetime-local value ("2026-12-01T09:00"), read as Nairobi time whatever the browser's zone. */
const localDateTime = (what: string) =>
  z
    .string()
    .refine((value) => fromStaffInput(value) !== null, `Please enter the ${what}.`)
    .transform((value) => fromStaffInput(value) ?? '');

const eventPriceWords = 'Please enter a price above 0 with at most 2 decimals, or leave it empty for a free event.';

export const eventSchema = z
  .object({
    title: required(200, 'a title'), // events_title_not_blank
    // Empty: the database makes one from the title (events_slug_default), unique with the date if need be.
    slug: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (KEBAB.test(value) && value.length <= 80),
        'Use lower-case letters, digits and single hyphens (at most 80 characters), e.g. "cfo-breakfast", or leave it empty to make one from the title.',
      ), // events_slug_format
    capacity: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || (/^\d{1,9}$/.test(value) && Number(value) >= 1),
        'The capacity must be a whole number of 1 or more, or empty for no limit.',
      ) // events_capacity_positive
      .transform((value) => (value === '' ? null : Number(value))),
    // "42,500" is 42500: thousands separators are dropped before the check.
    price_amount: z
      .string()
      .trim()
      .transform((value) => value.replace(/[,\s]/g, ''))
      .refine((value) => value === '' || (MONEY.test(value) && Number(value) > 0), eventPriceWords) // events_price_has_currency
      .transform((value) => (value === '' ? null : Number(value))),
    currency: z.enum(['USD', 'KES'], { error: 'Please choose USD or KES.' }),
    tax_class: taxClass,
    description: required(null, 'a description'), // events_description_not_blank
    category: optional(z.string().max(100, 'The category must be at most 100 characters.')), // events_category_not_blank
    venue: required(200, 'a venue'), // events_venue_not_blank
    mode: z.enum(MODES, { error: 'Please choose in person, virtual or hybrid.' }), // events_mode_known
    starts_at: localDateTime('start date and time'),
    ends_at: localDateTime('end date and time'),
    image_url: imageUrl, // events_image_url_safe
    registration_url: optional(
      z.string().regex(/^https?:\/\//, 'The registration link must start with http:// or https://.'),
    ), // events_registration_url_safe
    is_published: z.boolean(),
  })
  .refine((event) => event.ends_at >= event.starts_at, {
    path: ['ends_at'],
    message: 'The end cannot be before the start.', // events_ends_after_start
  })
  // A free event has no currency (events_price_has_currency).
  .transform(({ currency, ...event }) => ({ ...event, currency: event.price_amount === null ? null : currency }));
export type EventInput = z.input<typeof eventSchema>;
export type EventValues = z.output<typeof eventSchema>;

// Early-bird prices (issue 30) ------------------------------------------------------------------

const earlyBirdPriceWords = 'Please enter the early-bird price (at most 2 decimals), or leave it empty for none.';

/** Both fields of an early-bird price, empty for none: the price and until when (Nairobi time). */
export const earlyBirdFields = {
  early_bird_price: z
    .string()
    .trim()
    .transform((value) => value.replace(/[,\s]/g, ''))
    .refine((value) => value === '' || MONEY.test(value), earlyBirdPriceWords) // *_early_bird_price_range
    .transform((value) => (value === '' ? null : Number(value))),
  early_bird_until: z
    .string()
    .trim()
    .refine((value) => value === '' || fromStaffInput(value) !== null, 'Please enter the date and time it ends.')
    .transform((value) => (value === '' ? null : fromStaffInput(value))),
};

interface EarlyBird {
  early_bird_price: number | null;
  early_bird_until: string | null;
}

/** *_early_bird_complete: a price needs its deadline and a deadline its price; below the regular price. */
export function checkEarlyBird(values: EarlyBird, regularPrice: number | null, context: z.RefinementCtx): void {
  if (values.early_bird_price !== null && values.early_bird_until === null)
    context.addIssue({
      code: 'custom',
      path: ['early_bird_until'],
      message: 'Please enter until when the early-bird price applies.',
    });
  if (values.early_bird_price === null && values.early_bird_until !== null)
    context.addIssue({
      code: 'custom',
      path: ['early_bird_price'],
      message: 'Please enter the early-bird price, or clear its date.',
    });
  if (values.early_bird_price !== null && regularPrice !== null && values.early_bird_price >= regularPrice)
    context.addIssue({
      code: 'custom',
      path: ['early_bird_price'],
      message: 'The early-bird price must be below the regular price.',
    }); // training_programs_early_bird_lower
}

// Training programs -----------------------------------------------------------------------------

/** The category select's choice that reveals the "New category" field. */
export const NEW_CATEGORY = '__new__';

export const programSchema = z
  .object({
    title: required(200, 'a title'), // training_programs_title_not_blank
    slug: z
      .string()
      .trim()
      .regex(KEBAB, 'Use lower-case letters, digits and single hyphens, e.g. "project-management".'), // training_programs_slug_format
    category: z.string().min(1, 'Please choose a category, or add a new one.'),
    /** Only read when `category` is NEW_CATEGORY: a new category is added on purpose, never by a typo. */
    new_category: z.string().trim(),
    focus: required(200, 'a focus'), // training_programs_focus_not_blank
    description: required(null, 'a description'), // training_programs_description_not_blank
    duration: required(100, 'a duration'), // training_programs_duration_not_blank
    delivery_mode: z.enum(MODES, { error: 'Please choose in person, virtual or hybrid.' }), // training_programs_delivery_mode_known
    price_amount: decimal('Please enter a price above 0, with at most 2 decimals.').pipe(
      z.number().gt(0, 'Please enter a price above 0, with at most 2 decimals.'), // training_programs_price_positive
    ),
    currency: z.enum(['USD', 'KES'], { error: 'Please choose USD or KES.' }), // training_programs_currency_known
    tax_class: taxClass,
    sort_order: wholeNumber(-1_000_000, 1_000_000, 'Please enter a whole number.'),
    image_url: imageUrl, // training_programs_image_url_safe
    is_published: z.boolean(),
    ...earlyBirdFields,
  })
  .superRefine((program, context) => {
    checkEarlyBird(program, program.price_amount, context);
    if (program.category !== NEW_CATEGORY) return;
    // training_programs_category_not_blank
    if (program.new_category === '')
      context.addIssue({ code: 'custom', path: ['new_category'], message: 'Please enter the new category.' });
    else if (program.new_category.length > 100)
      context.addIssue({
        code: 'custom',
        path: ['new_category'],
        message: 'The category must be at most 100 characters.',
      });
  })
  .transform(({ new_category: newCategory, ...program }) => ({
    ...program,
    category: program.category === NEW_CATEGORY ? newCategory : program.category,
  }));
export type ProgramInput = z.input<typeof programSchema>;
export type ProgramValues = z.output<typeof programSchema>;

// Intakes ---------------------------------------------------------------------------------------

interface IntakeDates {
  savedStartsOn?: string;
  today?: string;
}

const isoDate = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter the ${what}.`);

/**
 * `sold`: seats already sold on the intake (0 for a new one); the capacity cannot go below it.
 * `savedStartsOn`: the start date already saved (editing), which may stay as it is once past; any
 * other start before `today` (Nairobi) is refused, so no one books an intake that has begun.
 */
export function intakeSchema(sold = 0, { savedStartsOn, today = nairobiToday() }: IntakeDates = {}) {
  return z
    .object({
      starts_on: isoDate('start date'),
      ends_on: isoDate('end date'),
      is_online: z.boolean(),
      venue: z.string().trim(),
      capacity: wholeNumber(1, 1000, 'The capacity must be a whole number from 1 to 1000.'), // program_intakes_capacity_range
      is_published: z.boolean(),
      ...earlyBirdFields,
    })
    .superRefine((intake, context) => {
      checkEarlyBird(intake, null, context);
      if (intake.starts_on < today && intake.starts_on !== savedStartsOn) {
        context.addIssue({
          code: 'custom',
          path: ['starts_on'],
          message: 'This date is in the past: an intake must start today or later (Nairobi time).',
        });
      }
      if (intake.ends_on < intake.starts_on) {
        context.addIssue({
          code: 'custom',
          path: ['ends_on'],
          message: 'The end date cannot be before the start date.',
        }); // program_intakes_ends_after_start
      }
      // program_intakes_venue_or_online
      if (!intake.is_online && intake.venue === '') {
        context.addIssue({
          code: 'custom',
          path: ['venue'],
          message: 'Please enter a venue, or mark the intake online.',
        });
      }
      if (intake.venue.length > 200) {
        context.addIssue({ code: 'custom', path: ['venue'], message: 'The venue must be at most 200 characters.' });
      }
      if (intake.capacity < sold) {
        context.addIssue({
          code: 'custom',
          path: ['capacity'],
          message: `The capacity cannot be lower than the ${sold} seats already sold.`,
        });
      }
    })
    .transform(({ venue, ...intake }) => ({ ...intake, venue: intake.is_online ? null : venue }));
}
export type IntakeInput = z.input<ReturnType<typeof intakeSchema>>;
export type IntakeValues = z.output<ReturnType<typeof intakeSchema>>;

// Services --------------------------------------------------------------------------------------

export const serviceSchema = z.object({
  title: required(200, 'a title'), // services_title_not_blank
  slug: z.string().trim().regex(KEBAB, 'Use lower-case letters, digits and single hyphens, e.g. "hr-advisory".'), // services_slug_format
  description: required(null, 'a description'), // services_description_not_blank
  icon: optional(z.string().regex(KEBAB, 'Use an icon name such as "briefcase" or "chart-line".')), // services_icon_format
  sort_order: wholeNumber(-1_000_000, 1_000_000, 'Please enter a whole number.'),
  image_url: imageUrl, // services_image_url_safe
  is_published: z.boolean(),
});
export type ServiceInput = z.input<typeof serviceSchema>;
export type ServiceValues = z.output<typeof serviceSchema>;
