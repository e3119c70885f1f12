/**
 * The certificate writes of an intake's roster page, for its route's clientAction: issue to all
 * who completed, issue to one, re-issue with a corrected name, revoke with a reason. Posted as
 * JSON; the toast says what happened; the router then reads the page again.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { issueCertificate } from './api/issue-certificate';
import { certificateHours, issueIntakeCertificates } from './api/issue-certificates';
import { reissueCertificate, reissueValues } from './api/reissue-certificate';
import { revokeCertificate, revokeReason } from './api/revoke-certificate';

export const certificateIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('issue-all'), hours: certificateHours }),
  z.object({ intent: z.literal('issue-one'), participantId: z.uuid(), who: z.string(), hours: certificateHours }),
  z.object({ intent: z.literal('reissue'), certificateId: z.uuid(), values: reissueValues }),
  z.object({ intent: z.literal('revoke'), certificateId: z.uuid(), who: z.string(), reason: revokeReason }),
]);
export type CertificateIntent = z.input<typeof certificateIntent>;

const intents = new Set(certificateIntent.options.map((option) => option.shape.intent.value));

/** Whether a posted body is one of these writes (the page's other writes go to the roster's action). */
export function isCertificateIntent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'intent' in body && intents.has(String(body.intent) as never);
}

export function certificateAction(intakeId: string, body: unknown): Promise<ActionResult> {
  const intent = certificateIntent.parse(body);
  switch (intent.intent) {
    case 'issue-all':
      return toastedAction(intent.intent, async () => {
        const issued = await issueIntakeCertificates({ intakeId, hours: intent.hours });
        if (issued === 0) return 'No certificate to issue: everyone who completed has one.';
        return `Issued ${issued} ${issued === 1 ? 'certificate' : 'certificates'}; each is e-mailed with its PDF.`;
      });
    case 'issue-one':
      return toastedAction(intent.intent, async () => {
        await issueCertificate({ participantId: intent.participantId, hours: intent.hours });
        return `Issued the certificate of ${intent.who}; it is e-mailed with its PDF.`;
      });
    case 'reissue':
      return toastedAction(
        intent.intent,
        async () => {
          await reissueCertificate({ certificateId: intent.certificateId, values: intent.values });
          return `Re-issued the certificate to ${intent.values.holderName.trim()} (same code).`;
        },
        intent.certificateId,
      );
    case 'revoke':
      return toastedAction(
        intent.intent,
        async () => {
          await revokeCertificate({ certificateId: intent.certificateId, reason: intent.reason });
          return `Revoked the certificate of ${intent.who}.`;
        },
        intent.certificateId,
      );
  }
}
