/**
 * One run of the mail worker: claims due outbox rows, renders each mail from the order and the
 * CMS settings, sends it, and marks the row (sent / retry later / uncertain). The delivery
 * guarantee (at most once, retried while certainly unsent) is explained in the outbox migration.
 */
import { certificateDocument, type CertificateDocument } from '../_shared/certificate-pdf.ts';
import { certainlyNotSent, permanentRefusalCode, type OutgoingMail } from '../_shared/mailer.ts';
import type { TaxDocumentData } from '../_shared/tax-document-pdf.ts';
import type { PaymentReceiptData } from '../_shared/payment-receipt-pdf.ts';
import type { QuotePdfData } from '../_shared/quote-pdf.ts';
import { parseQuoteMailDocument, quoteParticipantsUrl, quoteUrl } from '../../../domain/quote-document.ts';
import { parseWorkerOrder, type WorkerOrder } from '../../../domain/order-document.ts';
import type { InstituteSettings } from '../_shared/site-settings.ts';
import type { AdminClient } from '../_shared/supabase-admin.ts';
import { z } from 'zod';
import { readCatalogueBlocks } from './campaign-blocks.ts';
import { certificateEmail } from './certificate-emails.ts';
import { dataErasureEmail } from './data-erasure-emails.ts';
import { enquiryNotificationEmail, enquiryReceiptEmail } from './enquiry-emails.ts';
import { registrationEmail, type RegistrationMailKind } from './event-emails.ts';
import {
  newsletterCampaignEmail,
  newsletterCampaignTestEmail,
  newsletterConfirmationEmail,
  newsletterWelcomeEmail,
} from './newsletter-emails.ts';
import { confirmationEmail, mpesaCodeEmail, mpesaReceiptEmail, notificationEmail } from './order-emails.ts';
import { isOrderStateKind, orderStateEmail } from './order-state-emails.ts';
import { taxDocumentEmail } from './tax-document-emails.ts';
import { paymentReceiptEmail } from './payment-receipt-emails.ts';
import { quoteEmail } from './quote-emails.ts';

export interface WorkerDeps {
  admin: AdminClient;
  send(mail: OutgoingMail): Promise<void>;
  settings(): Promise<InstituteSettings>;
  invoice(order: WorkerOrder, settings: InstituteSettings): Promise<Uint8Array>;
  certificatePdf(certificate: CertificateDocument, settings: InstituteSettings): Promise<Uint8Array>;
  taxDocumentPdf(document: TaxDocumentData, settings: InstituteSettings): Promise<Uint8Array>;
  paymentReceiptPdf(receipt: PaymentReceiptData, settings: InstituteSettings): Promise<Uint8Array>;
  quotePdf(quote: QuotePdfData, settings: InstituteSettings, acceptUrl: string): Promise<Uint8Array>;
  siteUrl: string;
  /** Domain of the Message-IDs the worker gives its mails. */
  messageDomain: string;
  /** Stop claiming new rows after this many milliseconds (a scheduled call must end). */
  budgetMs?: number;
}

export interface WorkerReport {
  sent: number;
  retrying: number;
  failed: number;
  uncertain: number;
}

type OutboxRow = {
  id: string;
  kind: string;
  order_id: string | null;
  subscriber_id: string | null;
  enquiry_id: string | null;
  registration_id: string | null;
  certificate_id: string | null;
  data_erasure_request_id: string | null;
  campaign_recipient_id: string | null;
  campaign_id: string | null;
  tax_document_id: string | null;
  payment_receipt_id: string | null;
  quote_id: string | null;
  recipient: string | null;
  claim_id: string | null;
};

const log = '[process-mail-outbox]';

const enquiryDocument = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  topic: z.enum(['training', 'advisory', 'technology', 'insurance', 'other']),
  message: z.string(),
});

async function renderNewsletter(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.subscriber_id) throw new Error(`outbox row ${row.id} (${row.kind}) has no subscriber`);
  const { data, error } = await deps.admin
    .rpc('newsletter_mail_document', { subscriber_id: row.subscriber_id })
    .maybeSingle();
  if (error) throw new Error(`could not read subscriber ${row.subscriber_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`subscriber ${row.subscriber_id} no longer exists`);
  const subscriber = { email: data.email, token: data.token };
  if (row.kind === 'newsletter_confirmation') return newsletterConfirmationEmail(subscriber, settings, deps.siteUrl);
  return newsletterWelcomeEmail(subscriber, settings, deps.siteUrl);
}

/** A campaign mail whose recipient left the list after it was claimed: handed back, never sent. */
class RecipientLeftList extends Error {}

async function renderCampaign(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.campaign_recipient_id) throw new Error(`outbox row ${row.id} (${row.kind}) has no campaign recipient`);
  const { data, error } = await deps.admin
    .rpc('newsletter_campaign_mail_document', { campaign_recipient_id: row.campaign_recipient_id })
    .maybeSingle();
  if (error)
    throw new Error(`could not read campaign recipient ${row.campaign_recipient_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`campaign recipient ${row.campaign_recipient_id} no longer exists`);
  if (!data.subscribed) throw new RecipientLeftList(`${row.campaign_recipient_id} left the list`);
  const blocks = await readCatalogueBlocks(deps.admin, data.body_text);
  return newsletterCampaignEmail(
    { subject: data.subject, preheader: data.preheader, bodyText: data.body_text, blocks },
    { email: data.email, token: data.token },
    settings,
    deps.siteUrl,
  );
}

/** A staff member's test of a campaign: the campaign as a subscriber sees it, marked as a test. */
async function renderCampaignTest(
  row: OutboxRow,
  deps: WorkerDeps,
  settings: InstituteSettings,
): Promise<OutgoingMail> {
  if (!row.campaign_id || !row.recipient) throw new Error(`outbox row ${row.id} (${row.kind}) has no campaign`);
  const { data, error } = await deps.admin
    .rpc('newsletter_campaign_test_document', { campaign_id: row.campaign_id })
    .maybeSingle();
  if (error) throw new Error(`could not read campaign ${row.campaign_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`campaign ${row.campaign_id} no longer exists`);
  const blocks = await readCatalogueBlocks(deps.admin, data.body_text);
  return newsletterCampaignTestEmail(
    { subject: data.subject, preheader: data.preheader, bodyText: data.body_text, blocks },
    row.recipient,
    settings,
    deps.siteUrl,
  );
}

async function renderEnquiry(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.enquiry_id) throw new Error(`outbox row ${row.id} (${row.kind}) has no enquiry`);
  const { data, error } = await deps.admin.rpc('enquiry_mail_document', { enquiry_id: row.enquiry_id }).maybeSingle();
  if (error) throw new Error(`could not read enquiry ${row.enquiry_id}: ${error.message} (${error.code})`);
  const enquiry = enquiryDocument.parse(data);
  return row.kind === 'enquiry_notification'
    ? enquiryNotificationEmail(enquiry, settings)
    : enquiryReceiptEmail(enquiry, settings);
}

const registrationKinds: Record<string, RegistrationMailKind> = {
  event_registration_confirmed: 'confirmed',
  event_registration_waitlisted: 'waitlisted',
  event_registration_promoted: 'promoted',
  event_registration_cancelled: 'cancelled',
  event_registration_event_cancelled: 'event_cancelled',
  event_registration_event_changed: 'event_changed',
};

async function renderRegistration(
  row: OutboxRow,
  deps: WorkerDeps,
  settings: InstituteSettings,
): Promise<OutgoingMail> {
  const kind = registrationKinds[row.kind];
  if (!kind || !row.registration_id) throw new Error(`outbox row ${row.id} (${row.kind}) has no registration`);
  const { data, error } = await deps.admin
    .rpc('registration_mail_document', { registration_id: row.registration_id })
    .maybeSingle();
  if (error) throw new Error(`could not read registration ${row.registration_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`registration ${row.registration_id} no longer exists`);
  return registrationEmail(kind, data, settings, deps.siteUrl, deps.messageDomain);
}

async function renderCertificate(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.certificate_id || !row.recipient)
    throw new Error(`outbox row ${row.id} (${row.kind}) has no certificate or recipient`);
  const { data, error } = await deps.admin
    .rpc('certificate_mail_document', { certificate_id: row.certificate_id })
    .maybeSingle();
  if (error) throw new Error(`could not read certificate ${row.certificate_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`certificate ${row.certificate_id} no longer exists`);
  const certificate = certificateDocument(data, deps.siteUrl);
  const pdf = await deps.certificatePdf(certificate, settings);
  return {
    ...certificateEmail({ certificate, toBuyer: data.to_buyer, buyerName: data.buyer_name }, settings, pdf),
    to: row.recipient,
  };
}

async function renderDataErasure(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.data_erasure_request_id || !row.recipient)
    throw new Error(`outbox row ${row.id} (${row.kind}) has no erasure request or recipient`);
  const { data, error } = await deps.admin
    .rpc('data_erasure_mail_document', { request_id: row.data_erasure_request_id })
    .maybeSingle();
  if (error)
    throw new Error(`could not read erasure request ${row.data_erasure_request_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`erasure request ${row.data_erasure_request_id} is not completed`);
  return {
    ...dataErasureEmail({ keptUntil: data.kept_until, keptOrders: data.kept_orders }, settings),
    to: row.recipient,
  };
}

async function renderTaxDocument(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.tax_document_id || !row.recipient)
    throw new Error(`outbox row ${row.id} (${row.kind}) has no tax document or recipient`);
  const { data, error } = await deps.admin.rpc('tax_document_mail_document', { document: row.tax_document_id });
  if (error) throw new Error(`could not read tax document ${row.tax_document_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`tax document ${row.tax_document_id} no longer exists`);
  const { order_token: orderToken, ...document } = data as unknown as TaxDocumentData & { order_token: string };
  const pdf = await deps.taxDocumentPdf(document, settings);
  return { ...taxDocumentEmail({ document, orderToken }, settings, deps.siteUrl, pdf), to: row.recipient };
}

async function renderPaymentReceipt(
  row: OutboxRow,
  deps: WorkerDeps,
  settings: InstituteSettings,
): Promise<OutgoingMail> {
  if (!row.payment_receipt_id || !row.recipient)
    throw new Error(`outbox row ${row.id} (${row.kind}) has no receipt or recipient`);
  const { data, error } = await deps.admin.rpc('payment_receipt_mail_document', { receipt: row.payment_receipt_id });
  if (error) throw new Error(`could not read receipt ${row.payment_receipt_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`receipt ${row.payment_receipt_id} no longer exists`);
  const { order_token: orderToken, ...receipt } = data as unknown as PaymentReceiptData & { order_token: string };
  const pdf = await deps.paymentReceiptPdf(receipt, settings);
  return { ...paymentReceiptEmail({ receipt, orderToken }, settings, deps.siteUrl, pdf), to: row.recipient };
}

async function renderQuote(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  if (!row.quote_id || !row.recipient) throw new Error(`outbox row ${row.id} (${row.kind}) has no quote or recipient`);
  const { data, error } = await deps.admin.rpc('quote_mail_document', { quote: row.quote_id });
  if (error) throw new Error(`could not read quote ${row.quote_id}: ${error.message} (${error.code})`);
  if (!data) throw new Error(`quote ${row.quote_id} no longer exists`);
  const quote = parseQuoteMailDocument(data);
  const link = quoteUrl(deps.siteUrl, quote.token);
  const pdf = await deps.quotePdf(quote, settings, link);
  return { ...quoteEmail(quote, settings, link, pdf), to: row.recipient };
}

/** The link naming an order's participants, when the order came from a quote. */
async function namingUrl(orderId: string, deps: WorkerDeps): Promise<string | null> {
  const { data, error } = await deps.admin.rpc('quote_token_of_order', { order_id: orderId });
  if (error) throw new Error(`could not read the quote of order ${orderId}: ${error.message} (${error.code})`);
  return data ? quoteParticipantsUrl(deps.siteUrl, data) : null;
}

async function renderOther(
  row: OutboxRow,
  deps: WorkerDeps,
  settings: InstituteSettings,
): Promise<OutgoingMail | null> {
  if (row.kind === 'newsletter_campaign') return renderCampaign(row, deps, settings);
  if (row.kind === 'newsletter_campaign_test') return renderCampaignTest(row, deps, settings);
  if (row.kind.startsWith('newsletter_')) return renderNewsletter(row, deps, settings);
  if (row.kind.startsWith('enquiry_')) return renderEnquiry(row, deps, settings);
  if (row.kind.startsWith('event_registration_')) return renderRegistration(row, deps, settings);
  if (row.kind === 'certificate_issued') return renderCertificate(row, deps, settings);
  if (row.kind === 'data_erasure_completed') return renderDataErasure(row, deps, settings);
  if (row.kind === 'tax_document_registered') return renderTaxDocument(row, deps, settings);
  if (row.kind === 'payment_receipt') return renderPaymentReceipt(row, deps, settings);
  if (row.kind === 'quote_sent') return renderQuote(row, deps, settings);
  return null;
}

async function render(row: OutboxRow, deps: WorkerDeps, settings: InstituteSettings): Promise<OutgoingMail> {
  const other = await renderOther(row, deps, settings);
  // A null recipient is a team address, resolved by the renderer from the CMS settings.
  if (other) return { ...other, to: row.recipient ?? other.to, messageId: `${row.id}@${deps.messageDomain}` };
  if (!row.order_id) throw new Error(`outbox row ${row.id} (${row.kind}) has no order`);
  const { data, error } = await deps.admin.rpc('order_document', { order_id: row.order_id });
  if (error) throw new Error(`could not read order ${row.order_id}: ${error.message} (${error.code})`);
  const order = parseWorkerOrder(data);
  let mail: OutgoingMail;
  if (row.kind === 'order_confirmation') {
    mail = confirmationEmail(
      order,
      settings,
      deps.siteUrl,
      await deps.invoice(order, settings),
      await namingUrl(row.order_id, deps),
    );
  } else if (row.kind === 'order_notification') {
    mail = notificationEmail(order, settings);
  } else if (row.kind === 'mpesa_code_notification') {
    mail = mpesaCodeEmail(order, settings);
  } else if (row.kind === 'mpesa_receipt') {
    mail = mpesaReceiptEmail(order, settings, deps.siteUrl);
  } else if (isOrderStateKind(row.kind)) {
    mail = orderStateEmail(row.kind, order, settings, deps.siteUrl);
  } else throw new Error(`unknown outbox kind ${row.kind}`);
  return { ...mail, to: row.recipient ?? mail.to, messageId: `${row.id}@${deps.messageDomain}` };
}

async function fail(deps: WorkerDeps, row: OutboxRow, error: unknown, retry: boolean): Promise<string | null> {
  const message = error instanceof Error ? error.message : String(error);
  const { data, error: markError } = await deps.admin.rpc('fail_mail_outbox', {
    message_id: row.id,
    claim: row.claim_id ?? '',
    error: message,
    retry,
  });
  if (markError) console.error(`${log} could not record the failure of ${row.id}: ${markError.message}`);
  return data ?? null;
}

async function bounce(deps: WorkerDeps, row: OutboxRow, error: unknown, code: number): Promise<void> {
  const { error: markError } = await deps.admin.rpc('record_mail_bounce', {
    message_id: row.id,
    claim: row.claim_id ?? '',
    error: error instanceof Error ? error.message : String(error),
    smtp_code: code,
  });
  if (markError) console.error(`${log} could not record the bounce of ${row.id}: ${markError.message}`);
}

/**
 * Unpaid orders whose hold is ending get their reminder, those whose hold ended expire (both
 * queue their mails, sent below in the same run). Run here because this worker already runs
 * every few seconds; a failure is logged and the mails still go out.
 */
async function expireOrderHolds(deps: WorkerDeps): Promise<void> {
  const { error } = await deps.admin.rpc('expire_order_holds', {});
  if (error) console.error(`${log} could not expire order holds: ${error.message} (${error.code})`);
}

/** How often a long run queues the next batch of the campaigns being sent. */
const campaignQueueEveryMs = 5_000;

/**
 * The next batch of mails of every newsletter campaign being sent (a batch is one transaction
 * that queues only recipients without mail: a run killed midway queues nothing twice). A failure
 * is logged; the next run tries again.
 */
async function queueCampaignBatch(deps: WorkerDeps): Promise<void> {
  const { error } = await deps.admin.rpc('queue_newsletter_campaign_batch', {});
  if (error) console.error(`${log} could not queue campaign mails: ${error.message} (${error.code})`);
}

export async function processOutbox(deps: WorkerDeps): Promise<WorkerReport> {
  const report: WorkerReport = { sent: 0, retrying: 0, failed: 0, uncertain: 0 };
  await expireOrderHolds(deps);
  const deadline = Date.now() + (deps.budgetMs ?? 20_000);
  let settings: InstituteSettings | undefined;
  let queueAt = 0;
  while (Date.now() < deadline) {
    if (Date.now() >= queueAt) {
      await queueCampaignBatch(deps);
      queueAt = Date.now() + campaignQueueEveryMs;
    }
    const { data: rows, error } = await deps.admin.rpc('claim_mail_outbox', { batch_size: 10, lease_seconds: 120 });
    if (error) throw new Error(`could not claim outbox rows: ${error.message} (${error.code})`);
    if (rows.length === 0) break;
    for (const row of rows) {
      let mail: OutgoingMail;
      try {
        settings ??= await deps.settings();
        mail = await render(row, deps, settings);
      } catch (renderError) {
        if (renderError instanceof RecipientLeftList) {
          const { error: withdrawError } = await deps.admin.rpc('withdraw_claimed_campaign_mail', {
            message_id: row.id,
            claim: row.claim_id ?? '',
          });
          if (withdrawError) console.error(`${log} could not withdraw ${row.id}: ${withdrawError.message}`);
          continue;
        }
        // Nothing was sent: try again later.
        console.error(`${log} could not prepare ${row.kind} ${row.id}:`, renderError);
        const status = await fail(deps, row, renderError, true);
        if (status === 'failed') report.failed++;
        else report.retrying++;
        continue;
      }
      try {
        await deps.send(mail);
      } catch (sendError) {
        const refusal = permanentRefusalCode(sendError);
        if (refusal !== null) {
          // Refused for good (no such mailbox or domain): no retries, and a hard bounce counted.
          console.error(`${log} ${row.kind} ${row.id} bounced (${refusal}):`, sendError);
          await bounce(deps, row, sendError, refusal);
          report.failed++;
          continue;
        }
        const retry = certainlyNotSent(sendError);
        console.error(
          `${log} sending ${row.kind} ${row.id} failed (${retry ? 'will retry' : 'may have been sent'}):`,
          sendError,
        );
        const status = await fail(deps, row, sendError, retry);
        if (status === 'failed') report.failed++;
        else if (status === 'uncertain') report.uncertain++;
        else report.retrying++;
        continue;
      }
      const { data: marked, error: markError } = await deps.admin.rpc('complete_mail_outbox', {
        message_id: row.id,
        claim: row.claim_id ?? '',
      });
      // Sent but not marked: the lease runs out and the row becomes uncertain, never resent.
      if (markError || !marked)
        console.error(`${log} sent ${row.id} but could not mark it:`, markError ?? 'lease lost');
      report.sent++;
    }
  }
  return report;
}
