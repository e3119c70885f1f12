/**
 * The admin forms' zod rules against the database's check constraints, on a real PostgreSQL:
 * for each sample, the form accepts it exactly when the table does (what the form lets through
 * never meets a constraint error, and it refuses nothing the table would take), and a refusal
 * puts its message on the right field.
 */
import { fromStaffInput } from '../../lib/staff-time';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../../../tests/support/shared-postgres.ts';
import {
  eventSchema,
  intakeSchema,
  NEW_CATEGORY,
  metricSchema,
  programSchema,
  serviceSchema,
  type EventInput,
  type IntakeInput,
  type MetricInput,
  type ProgramInput,
  type ServiceInput,
} from './schemas';

let database: MigratedDatabase;
let db: pg.Client;
let programId: string;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency)
     values ('Parent', 'parent', 'c', 'f', 'd', '1 day', 10, 'USD') returning id`,
  );
  programId = rows[0]!.id;
});

afterAll(async () => {
  await database?.close();
});

/** Whether the table takes the row (inserted in a transaction that is rolled back). */
async function tableAccepts(table: string, given: Record<string, unknown>): Promise<boolean> {
  // As supabase-js sends a row: JSON leaves undefined out (the column's default applies).
  const row = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const columns = Object.keys(row);
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  await db.query('begin');
  try {
    await db.query(sql, Object.values(row));
    return true;
  } catch (error) {
    if (error instanceof pg.DatabaseError && ['23514', '23502', '23503', '22001', '22003'].includes(error.code ?? ''))
      return false;
    throw error;
  } finally {
    await db.query('rollback');
  }
}

const metric: MetricInput = { label: 'Professionals trained', value: '1500', suffix: '+', is_published: true };
const service: ServiceInput = {
  title: 'HR advisory',
  slug: 'hr-advisory',
  description: 'People.',
  icon: 'users',
  sort_order: '1',
  image_url: '',
  is_published: false,
};
const program: ProgramInput = {
  title: 'Leadership',
  slug: 'leadership',
  category: 'Management',
  new_category: '',
  focus: 'Managers',
  description: 'Lead.',
  duration: '5 days',
  delivery_mode: 'hybrid',
  price_amount: '1200.50',
  currency: 'KES',
  tax_class: 'A',
  sort_order: '0',
  image_url: '',
  is_published: true,
  early_bird_price: '',
  early_bird_until: '',
};
const event: EventInput = {
  title: 'Open day',
  slug: '',
  capacity: '',
  price_amount: '',
  currency: 'KES',
  tax_class: '',
  description: 'Come and see.',
  category: '',
  venue: 'Nairobi',
  mode: 'in-person',
  starts_at: '2026-12-01T09:00',
  ends_at: '2026-12-01T17:00',
  image_url: '',
  registration_url: '',
  is_published: false,
};
const intake: IntakeInput = {
  starts_on: '2026-12-01',
  ends_on: '2026-12-05',
  is_online: false,
  venue: 'Nairobi',
  capacity: '20',
  is_published: true,
  early_bird_price: '',
  early_bird_until: '',
};

type Case<Input> = [string, Partial<Input>, string | null];

/** Checks each case: the schema's verdict, the field it names, and the table's verdict on the same values. */
function agree<Input extends object>(
  name: string,
  table: string,
  schema: {
    safeParse: (input: unknown) => { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[] }[] } };
  },
  base: Input,
  cases: Case<Input>[],
  asRow: (input: Input, parsed: unknown) => Record<string, unknown>,
) {
  describe(name, () => {
    it.each(cases)('%s', async (_label, change, field) => {
      const input = { ...base, ...change };
      const result = schema.safeParse(input);
      expect(result.success).toBe(field === null);
      if (field !== null) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
      // The same values, as the form would send them (or as typed, when the form refuses them).
      expect(await tableAccepts(table, asRow(input, result.data))).toBe(field === null);
    });
  });
}

const blankOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

agree<MetricInput>(
  'impact figures',
  'impact_metrics',
  metricSchema,
  metric,
  [
    ['a complete figure', {}, null],
    ['value 0', { value: '0' }, null],
    ['a negative value', { value: '-1' }, 'value'],
    ['a blank label', { label: '   ' }, 'label'],
    ['a 101-character label', { label: 'x'.repeat(101) }, 'label'],
    ['a 100-character label', { label: 'x'.repeat(100) }, null],
    ['an 8-character suffix', { suffix: 'k+ staff' }, null],
    ['a 9-character suffix', { suffix: 'k+ people' }, 'suffix'],
  ],
  (input, parsed) => (parsed as Record<string, unknown>) ?? { ...input, value: Number(input.value) },
);

agree<ServiceInput>(
  'services',
  'services',
  serviceSchema,
  service,
  [
    ['a complete service', {}, null],
    ['no icon', { icon: '' }, null],
    ['a slug with capitals', { slug: 'HR-Advisory' }, 'slug'],
    ['a slug with a double hyphen', { slug: 'hr--advisory' }, 'slug'],
    ['an icon with markup', { icon: '<svg>' }, 'icon'],
    ['a blank description', { description: ' ' }, 'description'],
    ['a blank title', { title: '' }, 'title'],
    ['an uploaded image', { image_url: 'https://x.supabase.co/storage/v1/object/public/media/services/a.jpg' }, null],
    ['a site-path image', { image_url: '/images/a.jpg' }, null],
    ['a javascript: image', { image_url: 'javascript:alert(1)' }, 'image_url'],
    ['a data: image', { image_url: 'data:image/svg+xml,<svg/>' }, 'image_url'],
  ],
  (input, parsed) =>
    (parsed as Record<string, unknown>) ?? {
      ...input,
      icon: blankOrNull(input.icon),
      image_url: blankOrNull(input.image_url),
      sort_order: Number(input.sort_order),
    },
);

agree<ProgramInput>(
  'training programs',
  'training_programs',
  programSchema,
  program,
  [
    ['a complete program', {}, null],
    ['a price of 0', { price_amount: '0' }, 'price_amount'],
    ['a negative price', { price_amount: '-5' }, 'price_amount'],
    ['another currency', { currency: 'EUR' as ProgramInput['currency'] }, 'currency'],
    ['an unknown delivery mode', { delivery_mode: 'postal' as ProgramInput['delivery_mode'] }, 'delivery_mode'],
    ['the institute’s default tax class', { tax_class: '' }, null],
    ['a tax class KRA does not have', { tax_class: 'Z' as ProgramInput['tax_class'] }, 'tax_class'],
    ['a slug with a space', { slug: 'lead ership' }, 'slug'],
    ['a blank duration', { duration: ' ' }, 'duration'],
    ['an https image', { image_url: 'https://cdn.example/a.jpg' }, null],
    ['a site-path image', { image_url: '/images/a.jpg' }, null],
    ['a javascript: image', { image_url: 'javascript:alert(1)' }, 'image_url'],
    ['a protocol-less image', { image_url: 'cdn.example/a.jpg' }, 'image_url'],
    [
      'an early-bird price with its deadline',
      { early_bird_price: '1,000', early_bird_until: '2027-02-01T23:59' },
      null,
    ],
    ['an early-bird price without a deadline', { early_bird_price: '1000' }, 'early_bird_until'],
    ['an early-bird deadline without a price', { early_bird_until: '2027-02-01T23:59' }, 'early_bird_price'],
    [
      'an early-bird price not below the regular one',
      { early_bird_price: '1200.50', early_bird_until: '2027-02-01T23:59' },
      'early_bird_price',
    ],
  ],
  ({ new_category: _new, ...input }, parsed) =>
    (parsed as Record<string, unknown>) ?? {
      ...input,
      image_url: blankOrNull(input.image_url),
      price_amount: Number(input.price_amount),
      sort_order: Number(input.sort_order),
      early_bird_price: input.early_bird_price === '' ? null : Number(input.early_bird_price.replace(/,/g, '')),
      early_bird_until: input.early_bird_until === '' ? null : fromStaffInput(input.early_bird_until),
    },
);

agree<EventInput>(
  'events',
  'events',
  eventSchema,
  event,
  [
    ['a complete event', {}, null],
    [
      'an https image and registration link',
      { image_url: 'https://cdn.example/a.jpg', registration_url: 'https://x.example' },
      null,
    ],
    ['a site-path image', { image_url: '/images/a.jpg' }, null],
    ['a javascript: image', { image_url: 'javascript:alert(1)' }, 'image_url'],
    ['a javascript: registration link', { registration_url: 'javascript:alert(1)' }, 'registration_url'],
    ['an end before the start', { ends_at: '2026-11-30T09:00' }, 'ends_at'],
    ['an unknown mode', { mode: 'radio' as EventInput['mode'] }, 'mode'],
    ['a blank venue', { venue: '  ' }, 'venue'],
    ['a slug of its own', { slug: 'open-day-2026' }, null],
    ['a slug with capitals', { slug: 'Open-Day' }, 'slug'],
    ['an 81-character slug', { slug: 'a'.repeat(81) }, 'slug'],
    ['a capacity of 1', { capacity: '1' }, null],
    ['a capacity of 0', { capacity: '0' }, 'capacity'],
    ['a price of 42,500 KES', { price_amount: '42,500', capacity: '30' }, null],
    ['a price of 25.50 USD', { price_amount: '25.50', currency: 'USD' }, null],
    ['an exempt paid event', { price_amount: '2,000', tax_class: 'A' }, null],
    ['a price of 0', { price_amount: '0' }, 'price_amount'],
    ['another currency', { price_amount: '100', currency: 'EUR' as EventInput['currency'] }, 'currency'],
  ],
  (input, parsed) =>
    (parsed as Record<string, unknown>) ?? {
      ...input,
      capacity: blankOrNull(input.capacity) === null ? null : Number(input.capacity),
      price_amount: blankOrNull(input.price_amount) === null ? null : Number(input.price_amount),
      currency: blankOrNull(input.price_amount) === null ? null : input.currency,
      category: blankOrNull(input.category),
      image_url: blankOrNull(input.image_url),
      registration_url: blankOrNull(input.registration_url),
      starts_at: new Date(input.starts_at).toISOString(),
      ends_at: new Date(input.ends_at).toISOString(),
    },
);

agree<IntakeInput>(
  'intakes',
  'program_intakes',
  intakeSchema(),
  intake,
  [
    ['an in-person intake', {}, null],
    ['an online intake (its venue dropped)', { is_online: true, venue: 'ignored' }, null],
    ['in person without a venue', { venue: '' }, 'venue'],
    ['a capacity of 0', { capacity: '0' }, 'capacity'],
    ['a capacity of 1001', { capacity: '1001' }, 'capacity'],
    ['a capacity of 1000', { capacity: '1000' }, null],
    ['an end before the start', { ends_on: '2026-11-30' }, 'ends_on'],
    ['an early-bird price with its deadline', { early_bird_price: '900', early_bird_until: '2026-11-25T23:59' }, null],
    ['an early-bird price without a deadline', { early_bird_price: '900' }, 'early_bird_until'],
    [
      'an early-bird price below 0',
      { early_bird_price: '-1', early_bird_until: '2026-11-25T23:59' },
      'early_bird_price',
    ],
  ],
  (input, parsed) => ({
    program_id: programId,
    ...((parsed as Record<string, unknown>) ?? {
      ...input,
      capacity: Number(input.capacity),
      venue: input.is_online ? null : blankOrNull(input.venue),
      early_bird_price: input.early_bird_price === '' ? null : Number(input.early_bird_price),
      early_bird_until: input.early_bird_until === '' ? null : fromStaffInput(input.early_bird_until),
    }),
  }),
);

describe('intake capacity against seats sold', () => {
  it('refuses a capacity below the seats sold, with the number in the message', () => {
    const result = intakeSchema(12).safeParse({ ...intake, capacity: '11' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The capacity cannot be lower than the 12 seats already sold.');
    expect(intakeSchema(12).safeParse({ ...intake, capacity: '12' }).success).toBe(true);
  });
});

describe('program prices as people write them', () => {
  it.each([
    ['42,500', 42500],
    ['1,200.50', 1200.5],
    ['1,234,567', 1234567],
    ['42500', 42500],
  ])('takes %s as %s', (price, amount) => {
    expect(programSchema.parse({ ...program, price_amount: price }).price_amount).toBe(amount);
  });

  it.each(['42,50', '4,2500', ',500', '42,500.123'])('refuses %s in words', (price) => {
    const result = programSchema.safeParse({ ...program, price_amount: price });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['price_amount'],
      message: 'Please enter a price above 0, with at most 2 decimals.',
    });
  });
});

describe('program categories', () => {
  it('keeps a chosen category, and takes a new one only through "Add a new category…"', () => {
    expect(programSchema.parse(program).category).toBe('Management');
    const added = programSchema.parse({ ...program, category: NEW_CATEGORY, new_category: ' Finance ' });
    expect(added.category).toBe('Finance');
    expect(added).not.toHaveProperty('new_category');
  });

  it('asks for the new category, or for a choice, in words', () => {
    expect(programSchema.safeParse({ ...program, category: NEW_CATEGORY }).error?.issues[0]).toMatchObject({
      path: ['new_category'],
      message: 'Please enter the new category.',
    });
    expect(programSchema.safeParse({ ...program, category: '' }).error?.issues[0]).toMatchObject({
      path: ['category'],
      message: 'Please choose a category, or add a new one.',
    });
  });
});

describe('intakes in the past', () => {
  const today = '2026-12-01';

  it('refuses a start before today in Nairobi, in words beside the start date', () => {
    const result = intakeSchema(0, { today }).safeParse({ ...intake, starts_on: '2026-11-30', ends_on: '2026-12-02' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['starts_on'],
      message: 'This date is in the past: an intake must start today or later (Nairobi time).',
    });
    expect(intakeSchema(0, { today }).safeParse({ ...intake, starts_on: today, ends_on: today }).success).toBe(true);
  });

  it('lets an intake that has begun keep its saved start date when edited', () => {
    const edit = { ...intake, starts_on: '2026-11-20', ends_on: '2026-11-25' };
    expect(intakeSchema(0, { today, savedStartsOn: '2026-11-20' }).safeParse(edit).success).toBe(true);
    expect(intakeSchema(0, { today, savedStartsOn: '2026-11-21' }).safeParse(edit).success).toBe(false);
  });
});

describe('tax classes', () => {
  it("keeps KRA's code, and leaves a new record's empty choice to the institute's default", () => {
    expect(programSchema.parse(program).tax_class).toBe('A');
    expect(programSchema.parse({ ...program, tax_class: '' }).tax_class).toBeUndefined();
    expect(JSON.stringify(eventSchema.parse(event))).not.toContain('tax_class');
  });
});
