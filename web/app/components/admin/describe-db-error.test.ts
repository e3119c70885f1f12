/** describeDbError: each kind of database or network failure becomes plain words, never the raw message. */
import { describe, expect, it } from 'vitest';
import { describeDbError } from './describe-db-error';

describe('describeDbError', () => {
  it('names a unique violation by its constraint', () => {
    const error = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "services_slug_key"',
      details: 'Key (slug)=(audit) already exists.',
    };
    expect(describeDbError(error)).toBe('Another service already uses this slug.');
  });

  it('says "must be unique" for an unknown unique constraint', () => {
    const text = describeDbError({ code: '23505', message: 'duplicate key value violates unique constraint "x_key"' });
    expect(text).toMatch(/already exists/);
    expect(text).not.toContain('x_key');
  });

  it('words a check violation, preferring the screen’s own sentence', () => {
    const error = {
      code: '23514',
      message: 'new row for relation "events" violates check constraint "events_mode_known"',
    };
    expect(describeDbError(error)).toMatch(/not allowed/);
    expect(describeDbError(error, { events_mode_known: 'Pick in person, virtual or hybrid.' })).toBe(
      'Pick in person, virtual or hybrid.',
    );
  });

  it('explains a foreign key refusal without the constraint name', () => {
    const text = describeDbError({
      code: '23503',
      message:
        'update or delete on table "training_programs" violates foreign key constraint "order_lines_program_id_fkey"',
    });
    expect(text).toMatch(/referred to by other records/);
    expect(text).not.toMatch(/fkey|violates/);
  });

  it('turns an RLS denial into "not allowed"', () => {
    expect(
      describeDbError({ code: '42501', message: 'new row violates row-level security policy for table "events"' }),
    ).toMatch(/not allowed/);
    expect(describeDbError({ message: 'new row violates row-level security policy' })).toMatch(/not allowed/);
  });

  it('says the server could not be reached for a network failure, and that the input is kept', () => {
    expect(describeDbError(new TypeError('Failed to fetch'))).toMatch(/could not be reached.*input is kept/);
    expect(describeDbError({ message: 'TypeError: fetch failed', code: '' })).toMatch(/could not be reached/);
  });

  it('passes on the sentence of our own raise exception (P0001)', () => {
    expect(
      describeDbError({ code: 'P0001', message: 'A program with orders cannot be deleted; unpublish it instead.' }),
    ).toBe('A program with orders cannot be deleted; unpublish it instead.');
  });

  it('passes on the words of a staff refusal: the last active admin, a missing role', () => {
    const lastAdmin = {
      code: '23514',
      hint: 'last_admin',
      message: 'This is the last active admin. Make someone else an admin first.',
    };
    expect(describeDbError(lastAdmin)).toBe('This is the last active admin. Make someone else an admin first.');
    const role = {
      code: '42501',
      hint: 'role_required',
      message: 'This needs the admin role. Ask an admin to give it to you.',
    };
    expect(describeDbError(role)).toBe('This needs the admin role. Ask an admin to give it to you.');
  });

  it('never shows an unknown raw message', () => {
    const text = describeDbError({ code: 'XX000', message: 'internal error: tuple concurrently updated' });
    expect(text).not.toMatch(/tuple/);
    expect(text).toMatch(/Something went wrong/);
  });
});
