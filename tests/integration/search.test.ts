/**
 * Text search and the maintenance read as a visitor makes them: unmodified supabase-js with the
 * anon key -> gateway -> PostgREST, through the search dialog's search_catalogue and through the
 * public_* views' text filter (the /training catalogue's). Awkward text must return exactly the
 * rows that contain it (checked against a JavaScript oracle) and never a PGRST100.
 */
import { randomBytes } from 'node:crypto';
import { createClient, type PostgrestSingleResponse, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ilikeAnyFilter } from '../../web/app/lib/supabase/ilike-filter.ts';
import { stackInfo } from './stack-info.ts';

/** The three groups: source view and table, columns returned, columns matched. */
const sources = {
  events: { view: 'public_events', table: 'events', select: 'id,title,description', match: ['title', 'description'] },
  programs: {
    view: 'public_training_programs',
    table: 'training_programs',
    select: 'id,title,category,focus',
    match: ['title', 'category', 'focus'],
  },
  services: {
    view: 'public_services',
    table: 'services',
    select: 'id,title,description,slug',
    match: ['title', 'description'],
  },
} as const;

type Group = keyof typeof sources;
type Row = Record<string, string>;
type Results = Record<Group, Row[]>;

const groups = Object.keys(sources) as Group[];
// A token no seed row contains, so fixtures can be found (and removed) precisely.
const token = `zq${randomBytes(5)
  .toString('hex')
  .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

let visitor: SupabaseClient<Database>;
let admin: SupabaseClient<Database>;
const fixtureIds: Record<string, string> = {};

/** PostgREST answers JSON rows; checked here rather than cast. */
function rowsOf(data: unknown): Row[] {
  if (!Array.isArray(data)) throw new Error(`expected rows, got ${JSON.stringify(data)}`);
  return data as Row[];
}

/** A text search of the three groups: through the views' filter, the tables', or the dialog's search_catalogue. */
async function search(
  client: SupabaseClient<Database>,
  text: string,
  on: 'view' | 'table' | 'function' = 'view',
): Promise<Results> {
  if (on === 'function') {
    if (text.trim() === '') return { events: [], programs: [], services: [] };
    const { data, error } = await client.rpc('search_catalogue', { query: text, per_group: 50 });
    if (error) throw new Error(`search_catalogue: ${error.code} ${error.message}`);
    const answer = data as Record<Group, { rows: Row[]; total: number }>;
    // Every match must be in the answer for the oracle to compare: no group may be cut.
    for (const group of groups) expect(answer[group].rows.length, group).toBe(answer[group].total);
    return { events: answer.events.rows, programs: answer.programs.rows, services: answer.services.rows };
  }
  const reads = groups.map(async (group) => {
    const source = sources[group];
    const filter = ilikeAnyFilter(source.match, text);
    if (filter === null) return [];
    const { data, error } =
      on === 'view'
        ? await client.from(source.view).select(source.select).or(filter).order('id')
        : await client.from(source.table).select(source.select).or(filter).order('id');
    if (error) throw new Error(`${group}: ${error.code} ${error.message}`);
    return rowsOf(data);
  });
  const [events, programs, services] = await Promise.all(reads);
  return { events: events!, programs: programs!, services: services! };
}

/** Every published row of each group, read with the service role. */
async function readCatalogue(): Promise<Results> {
  const read = async (group: Group) => {
    const { data, error } = await admin.from(sources[group].view).select(sources[group].select);
    if (error) throw new Error(`${group}: ${error.code} ${error.message}`);
    return rowsOf(data);
  };
  return { events: await read('events'), programs: await read('programs'), services: await read('services') };
}

type Ids = Record<Group, string[]>;

/**
 * Searches, and works out what a literal, case-insensitive "contains" must return. Other test
 * files create and delete rows meanwhile, so both sides only count rows that were identical
 * before and after the search.
 */
async function searchWithOracle(
  text: string,
  on: 'view' | 'table' | 'function' = 'view',
): Promise<{ found: Ids; expected: Ids }> {
  const before = await readCatalogue();
  const results = await search(visitor, text, on);
  const after = await readCatalogue();
  const needle = text.trim().toLowerCase();
  const found = {} as Ids;
  const expected = {} as Ids;
  for (const group of groups) {
    const unchanged = new Set(after[group].map((row) => JSON.stringify(row)));
    const stable = before[group].filter((row) => unchanged.has(JSON.stringify(row)));
    const stableIds = new Set(stable.map((row) => row.id));
    found[group] = results[group]
      .map((row) => row.id!)
      .filter((id) => stableIds.has(id))
      .sort();
    expected[group] = stable
      .filter((row) => sources[group].match.some((column) => (row[column] ?? '').toLowerCase().includes(needle)))
      .map((row) => row.id!)
      .sort();
  }
  return { found, expected };
}

/** Remembers an inserted fixture's id under `key`. */
function remember(key: string, { data, error }: PostgrestSingleResponse<{ id: string }>): void {
  expect(error).toBeNull();
  if (data) fixtureIds[key] = data.id;
}

const event = async (key: string, title: string, isPublished = true) =>
  remember(
    key,
    await admin
      .from('events')
      .insert({
        title: `${token} ${title}`,
        description: 'Search fixture',
        venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 90_000_000).toISOString(),
        is_published: isPublished,
      })
      .select('id')
      .single(),
  );

beforeAll(async () => {
  const stack = stackInfo();
  const auth = { persistSession: false, autoRefreshToken: false };
  visitor = createClient<Database>(stack.apiUrl, stack.anonKey, { auth });
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth });

  // Each awkward character has a row that contains it and a near miss that a wildcard would hit.
  await event('comma', 'Budget, Cash (Q3) review');
  await event('percent', '50% discount day');
  await event('percentMiss', '50 percent discount day');
  await event('underscore', 'snake_case clinic');
  await event('underscoreMiss', 'snakeXcase clinic');
  await event('star', 'C*-suite briefing');
  await event('starMissPercent', 'Cabc-suite briefing');
  await event('starMissUnderscore', 'C1-suite briefing');
  await event('quote', 'The "Quoted" forum');
  await event('backslash', "O'Brien's back\\slash session");
  await event('draft', 'hidden draft', false);
  remember(
    'program',
    await admin
      .from('training_programs')
      .insert({
        title: `${token} Audit, Ratios (Advanced)`,
        slug: `${token}-audit`,
        category: 'Finance',
        focus: `${token} ratios * margins_100%`,
        description: 'Search fixture',
        duration: '2 days',
        price_amount: 450,
        currency: 'USD',
        is_published: true,
      })
      .select('id')
      .single(),
  );
  remember(
    'service',
    await admin
      .from('services')
      .insert({
        title: `${token} Team (offsite)`,
        slug: `${token}-team`,
        description: `${token} 100% fun_day, "quoted" \\ done`,
        is_published: true,
      })
      .select('id')
      .single(),
  );
});

afterAll(async () => {
  const { error } = await admin.from('events').delete().like('title', `${token}%`);
  expect(error).toBeNull();
  expect((await admin.from('training_programs').delete().like('slug', `${token}%`)).error).toBeNull();
  expect((await admin.from('services').delete().like('slug', `${token}%`)).error).toBeNull();
});

const ids = (...keys: string[]) => keys.map((key) => fixtureIds[key]!).sort();

describe('search as a visitor', () => {
  it('finds published rows in all three groups, whatever the case, and never drafts', async () => {
    const { found, expected } = await searchWithOracle(token.toUpperCase());
    expect(found).toEqual({
      events: ids(
        'comma',
        'percent',
        'percentMiss',
        'underscore',
        'underscoreMiss',
        'star',
        'starMissPercent',
        'starMissUnderscore',
        'quote',
        'backslash',
      ),
      programs: ids('program'),
      services: ids('service'),
    });
    expect(found).toEqual(expected);
  });

  it('returns the columns the dialog shows, and the slug for service links', async () => {
    const results = await search(visitor, token);
    expect(Object.keys(results.events[0]!).sort()).toEqual(['description', 'id', 'title']);
    expect(Object.keys(results.programs[0]!).sort()).toEqual(['category', 'focus', 'id', 'title']);
    expect(results.services).toEqual([
      {
        id: fixtureIds.service,
        title: `${token} Team (offsite)`,
        description: `${token} 100% fun_day, "quoted" \\ done`,
        slug: `${token}-team`,
      },
    ]);
  });

  // Each text has one fixture containing it; the near misses are what a wildcard would also hit.
  const precise: Array<[string, string, Partial<Ids>]> = [
    ['commas and parentheses', 'budget, cash (q3)', { events: ['comma'] }],
    ['% literally', '50% discount', { events: ['percent'] }],
    ['_ literally', 'snake_case', { events: ['underscore'] }],
    ['* literally', 'c*-suite', { events: ['star'] }],
    ['double quotes', 'the "quoted"', { events: ['quote'] }],
    ['a single quote and a backslash', "o'brien's back\\slash", { events: ['backslash'] }],
    ['on focus, with * % _', 'ratios * margins_100%', { programs: ['program'] }],
    ['on description, with % _ , " \\', '100% fun_day, "quoted" \\ done', { services: ['service'] }],
  ];

  it.each(precise)('matches %s', async (_label, text, mine) => {
    const { found, expected } = await searchWithOracle(text);
    const fixtures = new Set(Object.values(fixtureIds));
    const ours = (group: Group) => found[group].filter((id) => fixtures.has(id));
    expect({ events: ours('events'), programs: ours('programs'), services: ours('services') }).toEqual({
      events: ids(...(mine.events ?? [])),
      programs: ids(...(mine.programs ?? [])),
      services: ids(...(mine.services ?? [])),
    });
    expect(found).toEqual(expected);
  });

  const awkward = [
    ',',
    '(',
    ')',
    '()',
    '"',
    "'",
    '\\',
    '%',
    '_',
    '*',
    '.',
    ':',
    '%%',
    '\\%',
    '"\\"',
    'a,b',
    'or=(id.eq.1)',
    'title.eq.x),or(id.neq.0',
    'and(',
    '*)',
    ') , ( * " \' \\ % _',
  ];

  it.each(awkward)('returns exactly the rows containing %j, without a PGRST100', async (text) => {
    const { found, expected } = await searchWithOracle(text);
    expect(found).toEqual(expected);
  });

  it.each([...awkward, ...precise.map(([, text]) => text)])(
    'the dialog’s search_catalogue returns exactly the rows containing %j',
    async (text) => {
      const { found, expected } = await searchWithOracle(text, 'function');
      expect(found).toEqual(expected);
    },
  );

  it('makes no call for blank text', async () => {
    expect(await search(visitor, '   ')).toEqual({ events: [], programs: [], services: [] });
  });

  it('gets the same rows from the tables themselves (the spec-literal reads, slower under RLS)', async () => {
    for (const text of [token, 'c*-suite', '50% discount', 'leadership']) {
      const { found, expected } = await searchWithOracle(text, 'table');
      expect(found).toEqual(expected);
    }
  });
});

describe('maintenance setting', () => {
  it('is readable by a visitor and off after seeding', async () => {
    const { data, error } = await visitor
      .from('site_settings')
      .select('setting_value')
      .eq('setting_key', 'maintenance_mode')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ setting_value: { is_active: false } });
  });
});
