/**
 * Who may do what: every public table and view x {anon, signed-in non-staff, each staff role
 * (signed in with password and TOTP: aal2), a deactivated staff member, an admin who passed only
 * the password (aal1), service_role} x {select, insert, update, delete}, and every staff
 * function x role, each cell asserted through unmodified supabase-js and the real PostgREST, so
 * grants and policies are tested together. The role matrix is docs/staff.md's.
 *
 * The clients here address relations and functions by name with plain rows (ProbeDatabase): the
 * matrix also tries what the generated types rightly forbid (a private helper as RPC) and the
 * answer of PostgREST is what is under test. The fixture rows are checked against `Database`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables, TablesInsert, TablesUpdate } from '../../supabase/database.types.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { generateCertificateCode } from '../../domain/certificate-code.ts';
import { capturedMail } from '../support/mail-capture.ts';

type StaffRole = 'admin' | 'finance' | 'programmes' | 'marketing' | 'front_desk';
/** `staff` is the cells of a role allowed to read and write (admin); `deactivated` had admin. */
type Role = 'anon' | 'user' | 'staff' | 'service';
/** `aal1`: an admin signed in with the password only, the second factor not passed. */
type Probe = 'anon' | 'user' | StaffRole | 'deactivated' | 'aal1' | 'service';
type Row = Record<string, unknown>;
type Kind = 'published' | 'hidden';
type Table = keyof Database['public']['Tables'];
type Relation = Table | keyof Database['public']['Views'];

/** Any relation and function by name, rows as plain records (see the header). */
type AnyRelation = { Row: Row; Insert: Row; Update: Row; Relationships: [] };
type ProbeDatabase = {
  public: {
    Tables: Record<string, AnyRelation>;
    Views: Record<string, never>;
    Functions: Record<string, { Args: Record<string, never>; Returns: unknown }>;
    Enums: Record<string, never>;
    CompositeTypes: Record<string, never>;
  };
};
type ProbeClient = SupabaseClient<ProbeDatabase>;

/**
 * select: all = sees the published and the hidden fixture; published = only the published one;
 * none = no rows and no error (RLS filters); denied = 42501 "permission denied" (no grant).
 */
type Read = 'all' | 'published' | 'none' | 'denied';
/**
 * insert/update/delete: allow = one row written; rls = 42501 "new row violates row-level
 * security policy"; none = no error but zero rows affected, row unchanged; denied = 42501
 * "permission denied" (no grant), row unchanged; read-only = 55000, a view PostgreSQL cannot
 * write through at all (joins, aggregates), whatever the grants, row unchanged.
 */
type Write = 'allow' | 'rls' | 'none' | 'denied' | 'read-only';
type Cells = Record<Role, [select: Read, insert: Write, update: Write, remove: Write]>;

interface Subject {
  /** Table or view the requests go to. */
  name: Relation;
  /** Table that holds the fixtures (the view's base table for views). */
  table: Table;
  key: string;
  /** A fresh fixture row; 'hidden' is unpublished where the table has is_published. */
  row(kind: Kind): Row;
  patch: Row;
  cells: Cells;
  /** Staff roles besides admin that read / also write; absent: every role gets the staff cells (views). */
  access?: Access;
}

interface Access {
  read: StaffRole[];
  write: StaffRole[];
}

/** A subject whose key, fixture rows and patch are checked against the generated types of `table`. */
function subject<T extends Table>(spec: {
  name: Relation;
  table: T;
  key: keyof Tables<T> & string;
  row(kind: Kind): TablesInsert<T>;
  patch: TablesUpdate<T>;
  cells: Cells;
  access?: Access;
}): Subject {
  return { ...spec, row: (kind) => ({ ...spec.row(kind) }), patch: { ...spec.patch } };
}

const staffRoles: StaffRole[] = ['admin', 'finance', 'programmes', 'marketing', 'front_desk'];
const probes: Probe[] = ['anon', 'user', ...staffRoles, 'deactivated', 'aal1', 'service'];
const run = randomBytes(4).toString('hex');
const password = `Rls-${randomUUID()}`;
const hex = () => randomBytes(6).toString('hex');
const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

let stack: StackInfo;
let admin: ProbeClient;
const clients = {} as Record<Probe, ProbeClient>;
const users: Record<'user' | 'spareA' | 'spareB' | StaffRole | 'deactivated' | 'aal1', string> = {
  user: '',
  spareA: '',
  spareB: '',
  admin: '',
  finance: '',
  programmes: '',
  marketing: '',
  front_desk: '',
  deactivated: '',
  aal1: '',
};
let orderId = '';
let orderItemId = '';
/** Orders for the tax document fixtures: the second one's, and the one whose lines are probed. */
let secondOrderId = '';
let documentOrderId = '';
let taxDocumentId = '';
let lastDocumentNumber = 1_000_000_000 + randomBytes(3).readUIntBE(0, 3);
const programIds: string[] = [];
/** The roster fixtures: an intake of its own, two of its session days, two participants on it. */
let rosterIntakeId = '';
const rosterDays: string[] = [];
const rosterParticipants: string[] = [];
/** A campaign and two confirmed subscribers for the newsletter_campaign_recipients fixtures. */
let campaignId = '';
/** The voucher the voucher_redemptions fixtures redeem. */
let voucherId = '';
/** Quotes for the quote_lines fixtures: one per line (a quote holds a program once). */
const quoteIds: string[] = [];
let quoteLine = 0;
const campaignSubscribers: string[] = [];
/** A certificate (of a third seat) for the certificate_issues fixtures. */
let certificateId = '';
/** The event the event_registrations fixtures register for. */
let registrationEventId = '';

// Expected cells ---------------------------------------------------------------------------------

const catalogueCells: Cells = {
  anon: ['published', 'denied', 'denied', 'denied'],
  user: ['published', 'rls', 'none', 'none'],
  staff: ['all', 'allow', 'allow', 'allow'],
  service: ['all', 'allow', 'allow', 'allow'],
};
/** Roster, attendance and completion tables: staff per docs/staff.md, nobody else. */
const staffOnlyCells: Cells = {
  anon: ['denied', 'denied', 'denied', 'denied'],
  user: ['none', 'rls', 'none', 'none'],
  staff: ['all', 'allow', 'allow', 'allow'],
  service: ['all', 'allow', 'allow', 'allow'],
};
/** Written by their staff but never deleted (vouchers: a used code stays on record). */
const staffNoDeleteCells: Cells = {
  anon: ['denied', 'denied', 'denied', 'denied'],
  user: ['none', 'rls', 'none', 'denied'],
  staff: ['all', 'allow', 'allow', 'denied'],
  service: ['all', 'allow', 'allow', 'allow'],
};
const staffOnlyReadCells: Cells = {
  anon: ['denied', 'denied', 'denied', 'denied'],
  user: ['none', 'denied', 'denied', 'denied'],
  staff: ['all', 'denied', 'denied', 'denied'],
  service: ['all', 'allow', 'allow', 'allow'],
};
/** What visitors send through a function (enquiries, event registrations): staff read and answer, nobody adds or removes. */
const answeredCells: Cells = {
  anon: ['denied', 'denied', 'denied', 'denied'],
  user: ['none', 'denied', 'none', 'denied'],
  staff: ['all', 'denied', 'allow', 'denied'],
  service: ['all', 'allow', 'allow', 'allow'],
};
/** A view over a join: not even the grants are consulted, no write can reach the tables. */
const joinedViewCells: Cells = {
  anon: ['published', 'read-only', 'read-only', 'read-only'],
  user: ['published', 'read-only', 'read-only', 'read-only'],
  staff: ['published', 'read-only', 'read-only', 'read-only'],
  service: ['published', 'read-only', 'read-only', 'read-only'],
};
const viewCells: Cells = {
  anon: ['published', 'denied', 'denied', 'denied'],
  user: ['published', 'denied', 'denied', 'denied'],
  staff: ['published', 'denied', 'denied', 'denied'],
  service: ['published', 'denied', 'denied', 'denied'],
};

// Fixture rows --------------------------------------------------------------------------------

const eventRow = (kind: Kind): TablesInsert<'events'> => ({
  title: `RLS event ${hex()}`,
  description: 'RLS matrix fixture',
  venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
  mode: 'in-person',
  starts_at: future(24),
  ends_at: future(26),
  is_published: kind === 'published',
});
let intakeDay = 0;
/** An intake of the published fixture program, each on its own future day (one start per day). */
const intakeRow = (kind: Kind): TablesInsert<'program_intakes'> => {
  const day = new Date(Date.now() + (30 + intakeDay++) * 86_400_000).toISOString().slice(0, 10);
  return {
    program_id: programIds[0]!,
    starts_on: day,
    ends_on: day,
    is_online: true,
    capacity: 20,
    is_published: kind === 'published',
  };
};
const programRow = (kind: Kind): TablesInsert<'training_programs'> => ({
  title: `RLS program ${hex()}`,
  slug: `rls-${hex()}`,
  category: 'Leadership',
  focus: 'RLS matrix fixture',
  description: 'RLS matrix fixture',
  duration: '1 day',
  price_amount: 100,
  currency: 'KES',
  is_published: kind === 'published',
});
const quoteRow = (): TablesInsert<'quotes'> => ({
  reference: `RLS-Q-${hex()}`,
  organisation: 'RLS matrix fixture',
  contact_name: 'RLS',
  contact_email: 'rls-quote@ascent.example',
  currency: 'KES',
  valid_until: future(24 * 30).slice(0, 10),
  token: randomBytes(32).toString('base64url'),
  state: 'sent',
});
const serviceRow = (kind: Kind): TablesInsert<'services'> => ({
  title: `RLS service ${hex()}`,
  slug: `rls-service-${hex()}`,
  description: 'RLS matrix fixture',
  is_published: kind === 'published',
});
/** The roster intake runs 60 days from 200 days ahead; `offset` days into it. */
const rosterStart = Date.now() + 200 * 86_400_000;
const rosterDay = (offset: number) => new Date(rosterStart + offset * 86_400_000).toISOString().slice(0, 10);
let sessionDay = 0;
const subjects: Subject[] = [
  subject({
    name: 'staff',
    access: { read: [], write: [] },
    table: 'staff',
    key: 'user_id',
    row: (kind) => ({
      user_id: kind === 'published' ? users.spareA : users.spareB,
      email: `rls-spare-${hex()}@ascent.example`,
    }),
    patch: { email: 'rls-changed@ascent.example' },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'events',
    access: { read: ['finance', 'front_desk'], write: ['programmes', 'marketing'] },
    table: 'events',
    key: 'id',
    row: eventRow,
    patch: { title: 'RLS event changed' },
    cells: catalogueCells,
  }),
  subject({
    name: 'training_programs',
    access: { read: ['finance', 'marketing', 'front_desk'], write: ['programmes'] },
    table: 'training_programs',
    key: 'id',
    row: programRow,
    patch: { title: 'RLS program changed' },
    cells: catalogueCells,
  }),
  subject({
    name: 'services',
    access: { read: ['marketing', 'front_desk'], write: ['programmes'] },
    table: 'services',
    key: 'id',
    row: serviceRow,
    patch: { title: 'RLS service changed' },
    cells: catalogueCells,
  }),
  subject({
    name: 'impact_metrics',
    access: { read: ['programmes'], write: ['marketing'] },
    table: 'impact_metrics',
    key: 'id',
    row: (kind) => ({ label: `RLS metric ${hex()}`, value: 10, suffix: '+', is_published: kind === 'published' }),
    patch: { label: 'RLS metric changed' },
    cells: catalogueCells,
  }),
  subject({
    name: 'site_settings',
    access: { read: [], write: [] },
    table: 'site_settings',
    key: 'id',
    row: () => ({ setting_key: `rls_${hex()}`, setting_value: { note: 'fixture' } }),
    patch: { setting_value: { note: 'changed' } },
    cells: {
      anon: ['all', 'denied', 'denied', 'denied'],
      user: ['all', 'rls', 'none', 'none'],
      staff: ['all', 'allow', 'allow', 'allow'],
      service: ['all', 'allow', 'allow', 'allow'],
    },
  }),
  subject({
    name: 'newsletter_subscribers',
    access: { read: [], write: ['marketing'] },
    table: 'newsletter_subscribers',
    key: 'id',
    row: () => ({ email: `rls-${hex()}@ascent.example`, source: 'rls-matrix' }),
    patch: { source: 'rls-changed' },
    // Staff remove subscribers in /admin/subscribers; nobody else writes.
    cells: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      user: ['none', 'denied', 'denied', 'none'],
      staff: ['all', 'denied', 'denied', 'allow'],
      service: ['all', 'allow', 'allow', 'allow'],
    },
  }),
  subject({
    name: 'orders',
    access: { read: ['finance', 'programmes'], write: [] },
    table: 'orders',
    key: 'id',
    row: () => ({
      customer_name: 'RLS Matrix',
      customer_email: `rls-order-${hex()}@ascent.example`,
      currency: 'KES',
      reference: `ASC-1999-${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
      confirmation_token: randomBytes(32).toString('base64url'),
      idempotency_key: randomUUID(),
      request_hash: 'rls-matrix',
      payment_method: 'invoice',
      terms_accepted_at: new Date().toISOString(),
      client_key: 'rls-matrix',
    }),
    // The one step the workflow allows a pending order (the trigger holds every writer to it).
    patch: { status: 'confirmed' },
    // Staff change orders through set_order_status and friends only (order-workflow.test.ts).
    cells: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      user: ['none', 'denied', 'denied', 'denied'],
      staff: ['all', 'denied', 'denied', 'denied'],
      service: ['all', 'allow', 'allow', 'allow'],
    },
  }),
  subject({
    name: 'order_items',
    access: { read: ['finance', 'programmes'], write: [] },
    table: 'order_items',
    key: 'id',
    // Visitors' lines are written by create_order; the service role may write one directly.
    row: (kind) => ({
      order_id: orderId,
      position: kind === 'published' ? 1 : 2,
      program_id: programIds[kind === 'published' ? 0 : 1],
      quantity: 1,
      title: 'RLS line',
      unit_price: 1,
      currency: 'USD',
    }),
    patch: { quantity: 3 },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'order_participants',
    access: { read: ['finance'], write: ['programmes', 'front_desk'] },
    table: 'order_participants',
    key: 'id',
    row: (kind) => ({
      order_item_id: orderItemId,
      position: kind === 'published' ? 1 : 2,
      full_name: 'RLS Participant',
    }),
    // Staff correct a name (a colleague sent instead); seats come from create_order only.
    patch: { full_name: 'RLS Changed' },
    cells: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      user: ['none', 'denied', 'none', 'denied'],
      staff: ['all', 'denied', 'allow', 'denied'],
      service: ['all', 'allow', 'allow', 'allow'],
    },
  }),
  subject({
    name: 'intake_session_days',
    access: { read: ['finance', 'front_desk'], write: ['programmes'] },
    table: 'intake_session_days',
    key: 'id',
    // Days of the roster intake clear of its two fixture days (1 and 2) and of the patch (50); a
    // fixture is removed after its cell, so days 10-49 are taken in turn however many cells run.
    row: () => ({ intake_id: rosterIntakeId, day: rosterDay(10 + (sessionDay++ % 40)) }),
    patch: { day: rosterDay(50) },
    cells: staffOnlyCells,
  }),
  subject({
    name: 'attendance_marks',
    access: { read: ['finance'], write: ['front_desk', 'programmes'] },
    table: 'attendance_marks',
    key: 'id',
    row: (kind) => ({
      participant_id: rosterParticipants[0]!,
      session_day_id: rosterDays[kind === 'published' ? 0 : 1]!,
      status: 'present',
    }),
    patch: { status: 'absent' },
    cells: staffOnlyCells,
  }),
  subject({
    name: 'program_completion_rules',
    access: { read: ['finance', 'front_desk'], write: ['programmes'] },
    table: 'program_completion_rules',
    key: 'id',
    row: (kind) => ({ program_id: programIds[kind === 'published' ? 0 : 1]!, min_attendance_share: 0.75 }),
    patch: { min_attendance_share: 0.5 },
    cells: staffOnlyCells,
  }),
  subject({
    name: 'completion_overrides',
    access: { read: ['finance', 'front_desk'], write: ['programmes'] },
    table: 'completion_overrides',
    key: 'id',
    row: (kind) => ({
      participant_id: rosterParticipants[kind === 'published' ? 0 : 1]!,
      completed: true,
      reason: 'RLS matrix fixture',
    }),
    patch: { reason: 'RLS matrix changed' },
    cells: staffOnlyCells,
  }),
  subject({
    // Certificates: programmes staff write them through the issuing functions only; the public
    // reads one only through verify_certificate.
    name: 'certificates',
    access: { read: ['front_desk'], write: ['programmes'] },
    table: 'certificates',
    key: 'id',
    row: (kind) => ({
      code: generateCertificateCode(),
      participant_id: rosterParticipants[kind === 'published' ? 0 : 1]!,
      holder_name: 'RLS Holder',
      program_id: programIds[2]!,
      program_title: 'RLS program',
      intake_id: rosterIntakeId,
      starts_on: rosterDay(0),
      ends_on: rosterDay(60),
    }),
    patch: { holder_name: 'RLS Changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // A certificate's history of issues: written by the issuing functions only.
    name: 'certificate_issues',
    access: { read: ['front_desk'], write: ['programmes'] },
    table: 'certificate_issues',
    key: 'id',
    row: (kind) => ({ certificate_id: certificateId, holder_name: `RLS Holder ${kind}` }),
    patch: { holder_name: 'RLS Changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Tax invoices and credit notes: the database issues them when an order is paid or a paid
    // order cancelled (tax-documents.test.ts); finance reads them, nobody writes them by hand.
    name: 'tax_documents',
    access: { read: ['finance'], write: [] },
    table: 'tax_documents',
    key: 'id',
    row: (kind) => taxDocumentRow(kind === 'published' ? orderId : secondOrderId),
    patch: { etims_last_error: 'RLS matrix' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Payment receipts: the database issues one per payment (supabase/tests/payment-receipts.test.ts);
    // finance reads them, nobody writes them by hand.
    name: 'payment_receipts',
    access: { read: ['finance'], write: [] },
    table: 'payment_receipts',
    key: 'id',
    row: (kind) => paymentReceiptRow(kind === 'published' ? orderId : secondOrderId),
    patch: { reference: 'RLS matrix' },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'tax_document_lines',
    access: { read: ['finance'], write: [] },
    table: 'tax_document_lines',
    key: 'id',
    row: (kind) => ({
      document_id: taxDocumentId,
      position: kind === 'published' ? 1 : 2,
      title: 'RLS line',
      quantity: 1,
      unit_price: 116,
      currency: 'KES',
      tax_class: 'B',
      rate_basis_points: 1600,
      gross_kes: 116,
      vat_kes: 16,
      net_kes: 100,
      item_code: 'KE3NTU0000000',
    }),
    patch: { title: 'RLS changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Erasure requests (issue 28): the customer asks through request_data_erasure, an admin
    // completes them through complete_data_erasure; no other role reads them.
    name: 'data_erasure_requests',
    access: { read: [], write: [] },
    table: 'data_erasure_requests',
    key: 'id',
    row: () => ({ email: `rls-erasure-${hex()}@ascent.example`, due_by: future(14 * 24) }),
    patch: { note: 'RLS changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Newsletter campaigns: marketing writes drafts; sending and stopping go through functions.
    name: 'newsletter_campaigns',
    access: { read: [], write: ['marketing'] },
    table: 'newsletter_campaigns',
    key: 'id',
    row: (kind) => ({ subject: `RLS campaign ${kind}`, body_text: 'RLS', body_html: '<p>RLS</p>' }),
    patch: { subject: 'RLS changed' },
    cells: staffOnlyCells,
  }),
  subject({
    // A campaign's recipients: snapshotted by send_newsletter_campaign, nobody writes them by hand.
    name: 'newsletter_campaign_recipients',
    access: { read: [], write: ['marketing'] },
    table: 'newsletter_campaign_recipients',
    key: 'id',
    row: (kind) => ({ campaign_id: campaignId, subscriber_id: campaignSubscribers[kind === 'published' ? 0 : 1]! }),
    patch: { state: 'skipped' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Vouchers (issue 30): marketing writes them, finance reads them; create_order applies them.
    name: 'vouchers',
    access: { read: ['finance'], write: ['marketing'] },
    table: 'vouchers',
    key: 'id',
    row: () => ({ code: `RLS-${hex().toUpperCase()}`, kind: 'percent_off', percent_off: 10 }),
    patch: { description: 'RLS changed' },
    cells: staffNoDeleteCells,
  }),
  subject({
    // A voucher's uses: written by create_order only.
    name: 'voucher_redemptions',
    access: { read: ['finance', 'marketing'], write: [] },
    table: 'voucher_redemptions',
    key: 'id',
    row: (kind) => ({
      voucher_id: voucherId,
      order_id: kind === 'published' ? orderId : secondOrderId,
      seats: 1,
      discount_amount: 10,
      currency: 'USD',
    }),
    patch: { seats: 2 },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Quotes (issue 30): finance and programmes read them; every write goes through the quote
    // functions, and visitors reach one only by its token (view_quote).
    name: 'quotes',
    access: { read: ['finance', 'programmes'], write: [] },
    table: 'quotes',
    key: 'id',
    row: quoteRow,
    patch: { organisation: 'RLS changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'quote_lines',
    access: { read: ['finance', 'programmes'], write: [] },
    table: 'quote_lines',
    key: 'id',
    row: () => ({
      quote_id: quoteIds[quoteLine++ % quoteIds.length]!,
      position: 1,
      program_id: programIds[0]!,
      title: 'RLS program',
      seats: 1,
      unit_price: 100,
    }),
    patch: { seats: 2 },
    cells: staffOnlyReadCells,
  }),
  subject({
    // A subscriber's topics: chosen by token (newsletter_set_interests), marketing reads them.
    name: 'newsletter_subscriber_interests',
    access: { read: ['marketing'], write: [] },
    table: 'newsletter_subscriber_interests',
    key: 'id',
    row: (kind) => ({
      subscriber_id: campaignSubscribers[kind === 'published' ? 0 : 1]!,
      topic: 'Events',
      consent_text: 'RLS consent',
    }),
    patch: { topic: 'RLS changed' },
    cells: staffOnlyReadCells,
  }),
  subject({
    // Enquiries come in through submit_enquiry; the front desk answers them, marketing reads them.
    name: 'enquiries',
    access: { read: ['marketing'], write: ['front_desk'] },
    table: 'enquiries',
    key: 'id',
    row: () => ({
      name: 'RLS Enquirer',
      email: `rls-enquiry-${hex()}@ascent.example`,
      topic: 'training',
      message: 'RLS matrix fixture',
      consent_text: 'RLS matrix consent',
      consented_at: new Date().toISOString(),
      client_key: 'rls-matrix',
    }),
    patch: { status: 'in_progress' },
    cells: answeredCells,
  }),
  subject({
    // Registrations come in through register_for_event; the teams that run events check people in.
    name: 'event_registrations',
    access: { read: [], write: ['programmes', 'marketing', 'front_desk'] },
    table: 'event_registrations',
    key: 'id',
    row: () => ({
      event_id: registrationEventId,
      name: 'RLS Registrant',
      email: `rls-registrant-${hex()}@ascent.example`,
      phone: '+254712345678',
      status: 'confirmed',
      client_key: 'rls-matrix',
    }),
    patch: { checked_in_at: '2026-11-28T08:00:00+00:00' },
    cells: answeredCells,
  }),
  subject({
    name: 'mail_outbox',
    access: { read: ['finance', 'marketing'], write: [] },
    table: 'mail_outbox',
    key: 'id',
    // A row the worker would send: held back far in the future so the stack's worker leaves it alone.
    row: () => ({ kind: 'order_notification', order_id: orderId, next_attempt_at: future(24 * 365) }),
    patch: { status: 'sent' },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'mpesa_payment_attempts',
    access: { read: ['finance'], write: [] },
    table: 'mpesa_payment_attempts',
    key: 'id',
    // Settled attempts: an order may hold only one open push at a time.
    row: () => ({ order_id: orderId, phone: '254712345678', amount: 100, status: 'failed' }),
    patch: { amount: 1 },
    cells: staffOnlyReadCells,
  }),
  subject({
    name: 'program_intakes',
    access: { read: ['finance', 'marketing', 'front_desk'], write: ['programmes'] },
    table: 'program_intakes',
    key: 'id',
    row: intakeRow,
    patch: { capacity: 30 },
    cells: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      user: ['none', 'rls', 'none', 'none'],
      staff: ['all', 'allow', 'allow', 'allow'],
      service: ['all', 'allow', 'allow', 'allow'],
    },
  }),
  subject({
    name: 'public_program_intakes',
    table: 'program_intakes',
    key: 'id',
    row: intakeRow,
    patch: { capacity: 30 },
    cells: joinedViewCells,
  }),
  subject({
    name: 'public_events',
    table: 'events',
    key: 'id',
    row: eventRow,
    patch: { title: 'RLS event changed' },
    cells: viewCells,
  }),
  subject({
    name: 'public_training_programs',
    table: 'training_programs',
    key: 'id',
    row: programRow,
    patch: { title: 'RLS program changed' },
    cells: viewCells,
  }),
  subject({
    name: 'public_services',
    table: 'services',
    key: 'id',
    row: serviceRow,
    patch: { title: 'RLS service changed' },
    cells: viewCells,
  }),
];

// Helpers -------------------------------------------------------------------------------------

function client(accessKey: string): ProbeClient {
  return createClient<ProbeDatabase>(stack.apiUrl, accessKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

async function createUser(label: string): Promise<{ id: string; email: string }> {
  const email = `rls-${label}-${run}@ascent.example`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser ${label}: ${error.message}`);
  return { id: data.user.id, email };
}

async function signedIn(email: string): Promise<ProbeClient> {
  const signed = client(stack.anonKey);
  const { error } = await signed.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`signInWithPassword ${email}: ${error.message}`);
  return signed;
}

/** The key column of each returned row (PostgREST answers JSON; checked, not cast). */
function keysOf(data: unknown, key: string): string[] {
  if (!Array.isArray(data)) throw new Error(`expected rows, got ${JSON.stringify(data)}`);
  return data.map((row: Row) => String(row[key]));
}

/** A tax invoice of the order, numbered clear of any the database issues. */
function taxDocumentRow(order: string): TablesInsert<'tax_documents'> {
  lastDocumentNumber += 1;
  return {
    kind: 'tax_invoice',
    number: lastDocumentNumber,
    etims_number: lastDocumentNumber,
    document_number: `RLS-${run}-${lastDocumentNumber}`,
    order_id: order,
    currency: 'KES',
    kes_per_usd: 129.16,
    total: 116,
    gross_kes: 116,
    vat_kes: 16,
    net_kes: 100,
    buyer_name: 'RLS Buyer',
    buyer_email: 'rls-buyer@ascent.example',
  };
}

/** A receipt of the order's own payment, numbered clear of any the database issues. */
function paymentReceiptRow(order: string): TablesInsert<'payment_receipts'> {
  lastDocumentNumber += 1;
  return {
    number: lastDocumentNumber,
    document_number: `RLS-${run}-${lastDocumentNumber}`,
    order_id: order,
    method: 'bank',
    paid_at: new Date().toISOString(),
    currency: 'KES',
    kes_per_usd: 129.16,
    amount: 116,
    amount_kes: 116,
    balance: 0,
    balance_kes: 0,
    payer_name: 'RLS Payer',
    payer_email: 'rls-payer@ascent.example',
  };
}

/** Inserts a fixture with the service role, into the base table; returns its key. */
async function fixture(subject: Subject, kind: 'published' | 'hidden'): Promise<string> {
  const { data, error } = await admin.from(subject.table).insert(subject.row(kind)).select(subject.key);
  if (error) throw new Error(`fixture ${subject.table}: ${error.message}`);
  return keysOf(data, subject.key)[0]!;
}

async function removeFixtures(subject: Subject, keys: string[]): Promise<void> {
  const { error } = await admin.from(subject.table).delete().in(subject.key, keys);
  if (error) throw new Error(`cleanup ${subject.table}: ${error.message}`);
}

/** The fixture as the service role sees it now (undefined once deleted). */
async function current(subject: Subject, key: string): Promise<Row | undefined> {
  const { data, error } = await admin.from(subject.table).select('*').eq(subject.key, key).maybeSingle();
  if (error) throw new Error(`read ${subject.table}: ${error.message}`);
  return (data as Row | null) ?? undefined;
}

function expectPermissionDenied(error: PostgrestError | null, relation: string): void {
  expect(error).toMatchObject({
    code: '42501',
    message: expect.stringMatching(new RegExp(`^permission denied for (table|view) ${relation}$`)),
  });
}

function expectReadOnlyView(error: PostgrestError | null, relation: string): void {
  expect(error).toMatchObject({ code: '55000', message: expect.stringContaining(`"${relation}"`) });
}

function expectRlsViolation(error: PostgrestError | null, relation: string): void {
  expect(error).toMatchObject({
    code: '42501',
    message: `new row violates row-level security policy for table "${relation}"`,
  });
}

function expectPatched(row: Row | undefined, patch: Row, applied: boolean): void {
  expect(row).toBeDefined();
  const seen = Object.fromEntries(Object.keys(patch).map((column) => [column, row![column]]));
  if (applied) expect(seen).toEqual(patch);
  else expect(seen).not.toEqual(patch);
}

// The four operations, each asserting one cell ------------------------------------------------

async function checkSelect(subject: Subject, role: Probe, expected: Read): Promise<void> {
  const published = await fixture(subject, 'published');
  const hidden = await fixture(subject, 'hidden');
  try {
    const { data, error } = await clients[role]
      .from(subject.name)
      .select(subject.key)
      .in(subject.key, [published, hidden]);
    if (expected === 'denied') {
      expectPermissionDenied(error, subject.name);
      return;
    }
    expect(error).toBeNull();
    const seen = keysOf(data, subject.key).sort();
    const wanted = { all: [published, hidden], published: [published], none: [] }[expected];
    expect(seen).toEqual([...wanted].sort());
  } finally {
    await removeFixtures(subject, [published, hidden]);
  }
}

async function checkInsert(subject: Subject, role: Probe, expected: Write): Promise<void> {
  const row = subject.row('published');
  // A view has no is_published column: it shows published rows only.
  if (subject.name !== subject.table) delete row.is_published;
  const { data, error } = await clients[role].from(subject.name).insert(row).select(subject.key);
  if (expected === 'allow') {
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    await removeFixtures(subject, keysOf(data, subject.key));
  } else if (expected === 'rls') {
    expectRlsViolation(error, subject.name);
  } else if (expected === 'read-only') {
    expectReadOnlyView(error, subject.name);
  } else {
    expectPermissionDenied(error, subject.name);
  }
}

async function checkUpdate(subject: Subject, role: Probe, expected: Write): Promise<void> {
  const key = await fixture(subject, 'published');
  try {
    const { data, error } = await clients[role]
      .from(subject.name)
      .update(subject.patch)
      .eq(subject.key, key)
      .select(subject.key);
    if (expected === 'denied') expectPermissionDenied(error, subject.name);
    else if (expected === 'read-only') expectReadOnlyView(error, subject.name);
    else {
      expect(error).toBeNull();
      expect(data).toHaveLength(expected === 'allow' ? 1 : 0);
    }
    expectPatched(await current(subject, key), subject.patch, expected === 'allow');
  } finally {
    await removeFixtures(subject, [key]);
  }
}

async function checkDelete(subject: Subject, role: Probe, expected: Write): Promise<void> {
  const key = await fixture(subject, 'published');
  try {
    const { data, error } = await clients[role].from(subject.name).delete().eq(subject.key, key).select(subject.key);
    if (expected === 'denied') expectPermissionDenied(error, subject.name);
    else if (expected === 'read-only') expectReadOnlyView(error, subject.name);
    else {
      expect(error).toBeNull();
      expect(data).toHaveLength(expected === 'allow' ? 1 : 0);
    }
    if (expected === 'allow') expect(await current(subject, key)).toBeUndefined();
    else expect(await current(subject, key)).toBeDefined();
  } finally {
    await removeFixtures(subject, [key]);
  }
}

// Setup ---------------------------------------------------------------------------------------

beforeAll(async () => {
  stack = stackInfo();
  admin = client(stack.serviceRoleKey);
  const user = await createUser('user');
  users.user = user.id;
  users.spareA = (await createUser('spare-a')).id;
  users.spareB = (await createUser('spare-b')).id;
  clients.anon = client(stack.anonKey);
  clients.user = await signedIn(user.email);
  clients.service = admin;
  // One staff member per role (the service role writes staff rows, as `npm run staff:add` does),
  // an admin who was deactivated, all past the second factor; and an admin who stopped at aal1.
  for (const probe of [...staffRoles, 'deactivated', 'aal1'] as const) {
    const member = await createUser(probe.replace('_', '-'));
    users[probe] = member.id;
    const { error } = await admin.from('staff').upsert({
      user_id: member.id,
      email: member.email,
      roles: [probe === 'deactivated' || probe === 'aal1' ? 'admin' : probe],
      deactivated_at: probe === 'deactivated' ? new Date().toISOString() : null,
    });
    if (error) throw new Error(`staff upsert: ${error.message}`);
    clients[probe] = await signedIn(member.email);
    if (probe !== 'aal1') await passSecondFactor(clients[probe]);
  }

  registrationEventId = await fixture(
    subjects.find((s) => s.name === 'events')!,
    'published',
  );
  // Order lines need an order and published programs to snapshot.
  for (let i = 0; i < 3; i++)
    programIds.push(
      await fixture(
        subjects.find((s) => s.name === 'training_programs')!,
        'published',
      ),
    );
  orderId = await fixture(
    subjects.find((s) => s.name === 'orders')!,
    'published',
  );
  secondOrderId = await fixture(
    subjects.find((s) => s.name === 'orders')!,
    'hidden',
  );
  documentOrderId = await fixture(
    subjects.find((s) => s.name === 'orders')!,
    'hidden',
  );
  const document = await admin.from('tax_documents').insert(taxDocumentRow(documentOrderId)).select('id');
  taxDocumentId = keysOf(document.data, 'id')[0]!;
  // The roster intake (of the participants' program), with two session days of its own: the
  // defaults made from its dates are removed so the fixture days are known.
  const rosterIntake = await admin
    .from('program_intakes')
    .insert({
      program_id: programIds[2],
      starts_on: rosterDay(0),
      ends_on: rosterDay(60),
      is_online: true,
      capacity: 50,
    })
    .select('id');
  rosterIntakeId = keysOf(rosterIntake.data, 'id')[0]!;
  expect((await admin.from('intake_session_days').delete().eq('intake_id', rosterIntakeId)).error).toBeNull();
  const days = await admin
    .from('intake_session_days')
    .insert([1, 2].map((offset) => ({ intake_id: rosterIntakeId, day: rosterDay(offset) })))
    .select('id');
  rosterDays.push(...keysOf(days.data, 'id'));
  // The participants' line: position 20, clear of the order_items fixtures (1 and 2).
  const line = await admin
    .from('order_items')
    .insert({
      order_id: orderId,
      position: 20,
      program_id: programIds[2],
      intake_id: rosterIntakeId,
      title: 'RLS line',
      unit_price: 1,
      currency: 'USD',
    })
    .select('id');
  orderItemId = keysOf(line.data, 'id')[0]!;
  // Participants for the attendance, override and certificate fixtures: seats 40 to 42, clear of
  // the order_participants fixtures (1 and 2).
  const seated = await admin
    .from('order_participants')
    .insert(
      [40, 41, 42].map((position) => ({ order_item_id: orderItemId, position, full_name: `RLS Seat ${position}` })),
    )
    .select('id');
  rosterParticipants.push(...keysOf(seated.data, 'id'));
  const certificate = await admin
    .from('certificates')
    .insert({
      code: generateCertificateCode(),
      participant_id: rosterParticipants[2]!,
      holder_name: 'RLS Seat 42',
      program_id: programIds[2]!,
      program_title: 'RLS program',
      intake_id: rosterIntakeId,
      starts_on: rosterDay(0),
      ends_on: rosterDay(60),
    })
    .select('id');
  certificateId = keysOf(certificate.data, 'id')[0]!;
  const campaign = await admin
    .from('newsletter_campaigns')
    .insert({ subject: 'RLS campaign', body_text: 'RLS', body_html: '<p>RLS</p>' })
    .select('id');
  campaignId = keysOf(campaign.data, 'id')[0]!;
  const readers = await admin
    .from('newsletter_subscribers')
    .insert([1, 2].map((n) => ({ email: `rls-campaign-${run}-${n}@ascent.example`, source: 'rls-matrix' })))
    .select('id');
  campaignSubscribers.push(...keysOf(readers.data, 'id'));
  const voucher = await admin
    .from('vouchers')
    .insert({ code: `RLS-REDEEMED-${run.toUpperCase()}`, kind: 'percent_off', percent_off: 10 })
    .select('id');
  voucherId = keysOf(voucher.data, 'id')[0]!;
  const quotes = await admin
    .from('quotes')
    .insert(Array.from({ length: 12 }, quoteRow))
    .select('id');
  quoteIds.push(...keysOf(quotes.data, 'id'));
  // Seven sign-ins with a second factor each: generous for a loaded machine.
}, 240_000);

afterAll(async () => {
  if (campaignId) expect((await admin.from('newsletter_campaigns').delete().eq('id', campaignId)).error).toBeNull();
  if (campaignSubscribers.length)
    expect((await admin.from('newsletter_subscribers').delete().in('id', campaignSubscribers)).error).toBeNull();
  // A certificate keeps its seat, program and intake, and documents their order (on delete
  // restrict): they go first.
  if (certificateId) expect((await admin.from('certificates').delete().eq('id', certificateId)).error).toBeNull();
  if (taxDocumentId) expect((await admin.from('tax_documents').delete().eq('id', taxDocumentId)).error).toBeNull();
  // Quote lines keep their program (on delete restrict): the quotes and their lines go first.
  if (quoteIds.length) expect((await admin.from('quotes').delete().in('id', quoteIds)).error).toBeNull();
  const documentOrders = [secondOrderId, documentOrderId].filter(Boolean);
  if (documentOrders.length)
    await removeFixtures(
      subjects.find((s) => s.name === 'orders')!,
      documentOrders,
    );
  if (orderId)
    await removeFixtures(
      subjects.find((s) => s.name === 'orders')!,
      [orderId],
    );
  if (rosterIntakeId)
    await removeFixtures(
      subjects.find((s) => s.name === 'program_intakes')!,
      [rosterIntakeId],
    );
  if (programIds.length)
    await removeFixtures(
      subjects.find((s) => s.name === 'training_programs')!,
      programIds,
    );
  if (registrationEventId)
    await removeFixtures(
      subjects.find((s) => s.name === 'events')!,
      [registrationEventId],
    );
  // After the orders: their redemptions went with them.
  if (voucherId) expect((await admin.from('vouchers').delete().eq('id', voucherId)).error).toBeNull();
  for (const id of Object.values(users)) {
    // Deleting the user cascades to its staff row.
    if (id) expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
  }
});

// The matrix ----------------------------------------------------------------------------------

type Cell =
  { role: Probe; op: 'select'; expected: Read } | { role: Probe; op: 'insert' | 'update' | 'delete'; expected: Write };

/**
 * A staff role the matrix lets write gets the `staff` cells; one that may only read, the staff's
 * select and a non-staff user's writes; any other role (and a deactivated member) is a non-staff user.
 */
function cellsFor(subject: Subject, probe: Probe): Cells[Role] {
  if (probe === 'anon' || probe === 'user' || probe === 'service') return subject.cells[probe];
  const { staff, user } = subject.cells;
  if (probe === 'deactivated' || probe === 'aal1') return user;
  if (!subject.access || probe === 'admin' || subject.access.write.includes(probe)) return staff;
  if (subject.access.read.includes(probe)) return [staff[0], user[1], user[2], user[3]];
  return user;
}

function cellsOf(subject: Subject): Cell[] {
  return probes.flatMap((role): Cell[] => {
    const [select, insert, update, remove] = cellsFor(subject, role);
    return [
      { role, op: 'select', expected: select },
      { role, op: 'insert', expected: insert },
      { role, op: 'update', expected: update },
      { role, op: 'delete', expected: remove },
    ];
  });
}

function checkCell(subject: Subject, cell: Cell): Promise<void> {
  if (cell.op === 'select') return checkSelect(subject, cell.role, cell.expected);
  const write = { insert: checkInsert, update: checkUpdate, delete: checkDelete }[cell.op];
  return write(subject, cell.role, cell.expected);
}

// One test per cell, so a failure names exactly the role and operation that broke.
// The customer role (issue 28): signed in with an e-mailed code; first, while the fixtures' parents are as the global setup made them -------------------------------

describe('customer role', () => {
  const email = `rls-customer-${run}@example.co.ke`;
  let customer: ProbeClient;
  let ownOrder: string;

  beforeAll(async () => {
    // Their order, placed before they had an account (in capitals: matched case-insensitively).
    ownOrder = await fixture(
      subjects.find((s) => s.name === 'orders')!,
      'published',
    );
    expect(
      (await admin.from('orders').update({ customer_email: email.toUpperCase() }).eq('id', ownOrder)).error,
    ).toBeNull();
    customer = client(stack.anonKey);
    expect((await customer.auth.signInWithOtp({ email })).error).toBeNull();
    // The mail arrives over SMTP: wait for it (expect.poll belongs to tests, not hooks).
    await vi.waitFor(
      async () => {
        if ((await capturedMail(stack.mailApiUrl, { to: email })).length !== 1) throw new Error('no code mailed yet');
      },
      { timeout: 15_000, interval: 100 },
    );
    const [mail] = await capturedMail(stack.mailApiUrl, { to: email });
    const code = /enter the code: (\d{6})/.exec(mail!.text ?? mail!.html ?? '')?.[1];
    expect((await customer.auth.verifyOtp({ email, token: code!, type: 'email' })).error).toBeNull();
  });

  afterAll(async () => {
    await admin.from('orders').delete().eq('id', ownOrder);
  });

  it("reads their own order and no one else's", async () => {
    const { data, error } = await customer.from('orders').select('id');
    expect(error).toBeNull();
    expect(keysOf(data, 'id')).toEqual([ownOrder]);
  });

  it('reads through every table and view no more than a visitor does, and changes nothing', async () => {
    const visitor = client(stack.anonKey);
    for (const subject of subjects) {
      const keys = [await fixture(subject, 'published'), await fixture(subject, 'hidden')];
      try {
        const seen = async (as: ProbeClient) => {
          const { data, error } = await as.from(subject.name).select(subject.key).in(subject.key, keys);
          // No grant (a visitor on a staff table) and RLS filtering (a signed-in person) both show nothing.
          if (error?.code === '42501') return [];
          return error ? `error ${error.code}` : keysOf(data, subject.key).sort();
        };
        expect({ relation: subject.name, reads: await seen(customer) }).toEqual({
          relation: subject.name,
          reads: await seen(visitor),
        });
        const before = await Promise.all(keys.map((key) => current(subject, key)));
        await customer.from(subject.name).update(subject.patch).in(subject.key, keys);
        await customer.from(subject.name).delete().in(subject.key, keys);
        expect({ relation: subject.name, rows: await Promise.all(keys.map((key) => current(subject, key))) }).toEqual({
          relation: subject.name,
          rows: before,
        });
      } finally {
        await removeFixtures(subject, keys);
      }
    }
  });

  it("reads no other customer's lines, participants, registrations, certificates or subscriptions", async () => {
    for (const relation of [
      'order_items',
      'order_participants',
      'event_registrations',
      'certificates',
      'newsletter_subscribers',
    ]) {
      const { data, error } = await customer.from(relation).select('id');
      expect({ relation, error, data }).toEqual({ relation, error: null, data: [] });
    }
  });

  it('downloads only their own data, and sees only their own erasure request (supabase/tests/data-rights.test.ts)', async () => {
    const { data, error } = await customer.rpc('my_data' as never);
    expect(error).toBeNull();
    const mine = data as unknown as { email: string; orders: Row[]; event_registrations: Row[] };
    expect(mine.email).toBe(email);
    expect(keysOf(mine.orders, 'id')).toEqual([ownOrder]);
    expect(mine.event_registrations).toEqual([]);
    const other = await admin
      .from('data_erasure_requests')
      .insert({ email: `rls-other-${run}@example.co.ke`, due_by: future(24) })
      .select('id');
    expect(other.error).toBeNull();
    try {
      const asked = await customer.rpc('request_data_erasure' as never);
      expect(asked.error).toBeNull();
      const { data: seen } = await customer.from('data_erasure_requests').select('id, email');
      expect(seen).toEqual([{ id: keysOf(asked.data, 'id')[0], email }]);
      expect(
        await customer.rpc('complete_data_erasure' as never, { request_id: keysOf(other.data, 'id')[0] } as never),
      ).toMatchObject({
        error: { code: '42501' },
      });
    } finally {
      await admin
        .from('data_erasure_requests')
        .delete()
        .in('email', [email, `rls-other-${run}@example.co.ke`]);
    }
  });

  it('writes nothing directly and reaches no staff function', async () => {
    const { error } = await customer.from('orders').update({ status: 'cancelled' }).eq('id', ownOrder).select('id');
    expectPermissionDenied(error, 'orders');
    for (const fn of staffFunctions) {
      const called = await customer.rpc(fn.name as never, fn.args as never);
      expect(called.error, fn.name).toMatchObject({ code: '42501' });
    }
  });
});

describe.each(subjects)('$name', (subject) => {
  it.each(cellsOf(subject))('$role $op: $expected', (cell) => checkCell(subject, cell));
});

// Staff functions x role ------------------------------------------------------------------------

/**
 * Each staff function, called by every role with an order (or person) that does not exist: a role
 * it admits gets past the role check to "not found" (nothing changes); any other is refused 42501.
 */
const missingOrder = randomUUID();
const staffFunctions: { name: string; args: Row; roles: StaffRole[]; notFound?: string }[] = [
  { name: 'set_order_status', args: { order_id: missingOrder, status: 'confirmed' }, roles: ['admin', 'finance'] },
  {
    name: 'set_order_buyer',
    args: { order_id: missingOrder, organisation: null, kra_pin: null, address: null },
    roles: ['admin', 'finance'],
  },
  { name: 'extend_order_hold', args: { order_id: missingOrder, hours: 24 }, roles: ['admin', 'finance'] },
  {
    name: 'record_order_payment',
    args: { order_id: missingOrder, method: 'bank', reference: 'RLS-1' },
    roles: ['admin', 'finance'],
  },
  {
    name: 'check_order_mpesa_code',
    args: { order_id: missingOrder, verdict: 'verified' },
    roles: ['admin', 'finance'],
  },
  { name: 'resend_order_confirmation', args: { order_id: missingOrder }, roles: ['admin', 'finance'] },
  // Finance sends a tax document to eTIMS again (/admin/tax-documents).
  {
    name: 'retry_tax_document',
    args: { document: missingOrder },
    roles: ['admin', 'finance'],
    notFound: 'tax_document_not_found',
  },
  // Every staff member: the dashboard's counts and the history of a record.
  { name: 'admin_dashboard', args: {}, roles: staffRoles },
  // Every role that reads intakes: the seats sold on a program's intakes (none for a missing program).
  { name: 'admin_intake_seats', args: { program: missingOrder }, roles: staffRoles },
  { name: 'audit_log_entries', args: { p_limit: 1 }, roles: staffRoles },
  // The roster of an intake that does not exist: empty for those who read participants.
  { name: 'intake_roster', args: { intake_id: missingOrder }, roles: ['admin', 'finance', 'programmes', 'front_desk'] },
  // Certificates: the programmes team issues, re-issues and revokes.
  {
    name: 'issue_certificate',
    args: { participant_id: missingOrder },
    roles: ['admin', 'programmes'],
    notFound: 'participant_not_found',
  },
  { name: 'issue_intake_certificates', args: { intake_id: missingOrder }, roles: ['admin', 'programmes'] },
  {
    name: 'reissue_certificate',
    args: { certificate_id: missingOrder, holder_name: 'RLS', reason: 'RLS matrix' },
    roles: ['admin', 'programmes'],
    notFound: 'certificate_not_reissuable',
  },
  {
    name: 'revoke_certificate',
    args: { certificate_id: missingOrder, reason: 'RLS matrix' },
    roles: ['admin', 'programmes'],
    notFound: 'certificate_not_revocable',
  },
  // Admin only: the staff list (e-mail, factor, last sign-in from the auth schema).
  { name: 'staff_members', args: {}, roles: ['admin'] },
  // Staff management (admin only), aimed at someone not on the staff list.
  {
    name: 'set_staff_roles',
    args: { target: missingOrder, roles: ['finance'] },
    roles: ['admin'],
    notFound: 'staff_not_found',
  },
  {
    name: 'set_staff_active',
    args: { target: missingOrder, active: true },
    roles: ['admin'],
    notFound: 'staff_not_found',
  },
  { name: 'reset_staff_factor', args: { target: missingOrder }, roles: ['admin'], notFound: 'staff_not_found' },
  // Data erasure (admin only), of a request that does not exist.
  {
    name: 'complete_data_erasure',
    args: { request_id: missingOrder },
    roles: ['admin'],
    notFound: 'request_not_found',
  },
  // The admin lists' pages and counts (security definer, checking the role themselves).
  { name: 'staff_orders_page', args: {}, roles: ['admin', 'finance', 'programmes'] },
  { name: 'staff_orders_count', args: {}, roles: ['admin', 'finance', 'programmes'] },
  { name: 'staff_subscribers_page', args: {}, roles: ['admin', 'marketing'] },
  { name: 'staff_subscribers_count', args: {}, roles: ['admin', 'marketing'] },
  // Newsletter campaigns (marketing): sending and stopping a campaign that does not exist.
  {
    name: 'send_newsletter_campaign',
    args: { campaign_id: missingOrder },
    roles: ['admin', 'marketing'],
    notFound: 'campaign_not_found',
  },
  {
    name: 'stop_newsletter_campaign',
    args: { campaign_id: missingOrder },
    roles: ['admin', 'marketing'],
    notFound: 'campaign_not_found',
  },
  {
    name: 'send_newsletter_campaign_test',
    args: { campaign_id: missingOrder },
    roles: ['admin', 'marketing'],
    notFound: 'campaign_not_found',
  },
  { name: 'newsletter_campaign_results', args: {}, roles: ['admin', 'marketing'] },
  // Vouchers: their use, for the marketing and finance teams.
  { name: 'voucher_usage', args: {}, roles: ['admin', 'finance', 'marketing'] },
  { name: 'newsletter_campaign_timeline', args: { campaign_id: missingOrder }, roles: ['admin', 'marketing'] },
  // Quotes (finance and programmes): the list, building, sending and withdrawing one that does not exist.
  { name: 'staff_quotes', args: {}, roles: ['admin', 'finance', 'programmes'] },
  {
    name: 'send_quote',
    args: { quote_id: missingOrder },
    roles: ['admin', 'finance', 'programmes'],
    notFound: 'quote_not_found',
  },
  {
    name: 'withdraw_quote',
    args: { quote_id: missingOrder },
    roles: ['admin', 'finance', 'programmes'],
    notFound: 'quote_not_found',
  },
  {
    name: 'create_quote',
    args: {
      organisation: 'RLS',
      contact_name: 'RLS',
      contact_email: 'rls-quote@ascent.example',
      currency: 'KES',
      valid_until: '2020-01-01',
      lines: [],
    },
    roles: ['admin', 'finance', 'programmes'],
    notFound: 'invalid_valid_until',
  },
  // Invitations (admin only): the check, and recording a user who was never invited.
  { name: 'check_staff_invite', args: { email: 'rls-invite@ascent.example', roles: ['finance'] }, roles: ['admin'] },
  {
    name: 'add_invited_staff',
    args: { target: missingOrder, roles: ['finance'] },
    roles: ['admin'],
    notFound: 'not_invited',
  },
];

function callsOf(fn: (typeof staffFunctions)[number]) {
  return probes
    .filter((probe) => probe !== 'service')
    .map((probe) => ({ probe, admitted: (fn.roles as Probe[]).includes(probe) }));
}

describe.each(staffFunctions)('function $name', (fn) => {
  it.each(callsOf(fn))('$probe: admitted $admitted', async ({ probe, admitted }) => {
    // Named by a string on purpose: the probe client has no function types (see the header).
    const { error } = await clients[probe].rpc(fn.name as never, fn.args as never);
    if (admitted) {
      if (error) expect(error).toMatchObject({ hint: fn.notFound ?? 'order_not_found' });
    } else {
      expect(error).toMatchObject({ code: '42501' });
    }
  });
});

// Staff functions RLS decides (security invoker): they see what they may read of the table ------

describe('function staff_mpesa_attempts', () => {
  let attemptId = '';
  beforeAll(async () => {
    const { data, error } = await admin
      .from('mpesa_payment_attempts')
      .insert({ order_id: orderId, phone: '254712345678', amount: 100, status: 'failed' })
      .select('id');
    expect(error).toBeNull();
    attemptId = keysOf(data, 'id')[0]!;
  });
  afterAll(async () => {
    if (attemptId) expect((await admin.from('mpesa_payment_attempts').delete().eq('id', attemptId)).error).toBeNull();
  });

  // Finance (and admin) see an order's attempts, phone masked; every other role nothing.
  it.each(probes.filter((probe) => probe !== 'service'))('%s', async (probe) => {
    const { data, error } = await clients[probe].rpc(
      'staff_mpesa_attempts' as never,
      { target_order: orderId } as never,
    );
    if (probe === 'anon') {
      expect(error).toMatchObject({ code: '42501' });
      return;
    }
    expect(error).toBeNull();
    const rows = (data ?? []) as Row[];
    if (probe === 'admin' || probe === 'finance') {
      expect(rows.map((row) => row.id)).toEqual([attemptId]);
      expect(rows[0]!.phone).toBe('2547****5678');
    } else expect(rows).toEqual([]);
  });
});

// tax_classes: KRA's five codes, fixed (no fixture rows can be made) ---------------------------

describe('tax_classes', () => {
  /** A write that changes nothing: class E's label, as it is. */
  const sameLabel = async () => {
    const { data } = await admin.from('tax_classes').select('label').eq('id', 'E').single();
    return { label: String((data as Row).label) };
  };

  it.each(probes)('%s reads all five classes', async (probe) => {
    const { data, error } = await clients[probe].from('tax_classes').select('id').order('id');
    expect(error).toBeNull();
    expect(keysOf(data, 'id')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it.each(probes)('%s may not add or remove a class', async (probe) => {
    const insert = await clients[probe].from('tax_classes').insert({ id: 'F', label: 'RLS', rate_basis_points: 0 });
    if (probe === 'service') {
      // Granted (as every table is to the service role), but the codes are KRA's: the check refuses a sixth.
      expect(insert.error).toMatchObject({ code: '23514' });
    } else {
      expectPermissionDenied(insert.error, 'tax_classes');
      const remove = await clients[probe].from('tax_classes').delete().eq('id', 'E').select('id');
      expectPermissionDenied(remove.error, 'tax_classes');
    }
    const { data } = await admin.from('tax_classes').select('id');
    expect(keysOf(data, 'id').sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it.each(probes)("%s: a class's label or rate is finance's to change", async (probe) => {
    const { data, error } = await clients[probe]
      .from('tax_classes')
      .update(await sameLabel())
      .eq('id', 'E')
      .select('id');
    if (probe === 'anon') expectPermissionDenied(error, 'tax_classes');
    else {
      expect(error).toBeNull();
      expect(data).toHaveLength(['admin', 'finance', 'service'].includes(probe) ? 1 : 0);
    }
  });
});

// Every relation and function is in this file -------------------------------------------------

/** Functions visitors call (their own tests cover what they do); the staff's are above. */
const visitorFunctions = [
  'cancel_event_registration',
  'client_challenge',
  'create_order',
  'event_registration_counts',
  'get_event_registration',
  'get_mpesa_payment',
  'get_order',
  // By the order's token (supabase/tests/payment-receipts.test.ts); payment_receipt_for_pdf also as finance staff (tests/e2e/payment-receipt.spec.ts).
  'get_order_payment_receipts',
  // By the order's token; tax_document_for_pdf also as finance staff (tests/integration/tax-document-pdf.test.ts).
  'get_order_tax_documents',
  'newsletter_confirm',
  // The confirmation page's topics (tests/integration/newsletter-interests.test.ts).
  'newsletter_interests',
  'newsletter_set_interests',
  'newsletter_subscribe',
  'newsletter_topics',
  'newsletter_unsubscribe',
  'payment_receipt_for_pdf',
  'register_for_event',
  'search_catalogue',
  'submit_enquiry',
  'submit_mpesa_code',
  'tax_document_for_pdf',
  'verify_certificate',
  // By a quote's token (supabase/tests/quotes.test.ts).
  'view_quote',
  'accept_quote',
  'name_quote_participants',
];

/** Functions of a signed-in customer (their own rows only: supabase/tests/customer-rls.test.ts). */
const customerFunctions = [
  'my_data',
  // The participants link of one's own names-later order (supabase/tests/account-names-link.test.ts).
  'my_order_participants_link',
  'rename_order_participant',
  'request_data_erasure',
];

describe('coverage', () => {
  let relations: string[] = [];
  let functions: { name: string; args: string[]; anon: boolean; authenticated: boolean }[] = [];
  beforeAll(async () => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      relations = (
        await db.query<{ name: string }>(
          `select c.relname as name from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p') order by 1`,
        )
      ).rows.map((row) => row.name);
      functions = (
        await db.query<{ name: string; args: string[]; anon: boolean; authenticated: boolean }>(
          `select p.proname as name,
                  array(select a.name
                          from unnest(coalesce(p.proargnames, '{}'),
                                      coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proargnames, '{}'))])))
                               with ordinality as a(name, mode, n)
                         where a.mode in ('i', 'b') order by a.n) as args,
                  has_function_privilege('anon', p.oid, 'execute') as anon,
                  has_function_privilege('authenticated', p.oid, 'execute') as authenticated
             from pg_proc p
            where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
            order by 1`,
        )
      ).rows;
    } finally {
      await db.end();
    }
  });

  it('every public table and view has its cells here', () => {
    const covered = new Set<string>([...subjects.map((subject) => subject.name), 'tax_classes']);
    expect(relations.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('every function a signed-in person may call is a staff, visitor or customer function here', () => {
    const staff = new Set([...staffFunctions.map((fn) => fn.name), 'staff_mpesa_attempts']);
    const callable = functions.filter((fn) => fn.anon || fn.authenticated).map((fn) => fn.name);
    expect(
      callable.filter(
        (name) => !staff.has(name) && !visitorFunctions.includes(name) && !customerFunctions.includes(name),
      ),
    ).toEqual([]);
    // Staff functions are not the public's.
    expect(
      functions
        .filter((fn) => staff.has(fn.name) && fn.anon && fn.name !== 'staff_mpesa_attempts')
        .map((fn) => fn.name),
    ).toEqual([]);
  });

  it("the service role's own functions refuse everyone else", async () => {
    const serviceOnly = functions.filter((fn) => !fn.anon && !fn.authenticated);
    expect(serviceOnly.length).toBeGreaterThan(5);
    for (const fn of serviceOnly) {
      const args = Object.fromEntries(fn.args.map((name) => [name, null]));
      for (const probe of ['anon', 'user', 'admin'] as const) {
        const { error } = await clients[probe].rpc(fn.name as never, args as never);
        expect({ fn: fn.name, probe, code: error?.code }).toEqual({ fn: fn.name, probe, code: '42501' });
      }
    }
  });
});

// Attacks worth naming on their own -----------------------------------------------------------

describe('named attacks', () => {
  it('a signed-in user cannot make themselves staff', async () => {
    const { error } = await clients.user.from('staff').insert({ user_id: users.user, email: 'me@ascent.example' });
    expectPermissionDenied(error, 'staff');
    const { data } = await admin.from('staff').select('user_id').eq('user_id', users.user);
    expect(data).toEqual([]);
  });

  it('staff can see their own staff row, a signed-in non-staff user learns nothing', async () => {
    const mine = await clients.admin.from('staff').select('user_id').eq('user_id', users.admin);
    expect(mine).toMatchObject({ error: null, data: [{ user_id: users.admin }] });
    const theirs = await clients.user.from('staff').select('user_id');
    expect(theirs).toMatchObject({ error: null, data: [] });
  });

  it('staff change an order only through the workflow functions, never its customer, rate or totals', async () => {
    const patches = [
      { customer_email: 'thief@ascent.example' },
      { total_usd: 0 },
      { kes_per_usd: 1 },
      { status: 'paid' },
    ];
    for (const patch of patches) {
      const { error } = await clients.admin.from('orders').update(patch).eq('id', orderId).select('id');
      expectPermissionDenied(error, 'orders');
    }
    // set_order_status and friends: tests/integration/order-workflow.test.ts.
  });

  it('the private helpers are not reachable as RPC', async () => {
    for (const role of probes) {
      const { error } = await clients[role].rpc('is_staff');
      expect(error).toMatchObject({ code: 'PGRST202' });
    }
  });

  it('an anonymous visitor cannot subscribe someone to the newsletter directly', async () => {
    const { error } = await clients.anon
      .from('newsletter_subscribers')
      .insert({ email: `victim-${run}@ascent.example` });
    expectPermissionDenied(error, 'newsletter_subscribers');
  });
});
