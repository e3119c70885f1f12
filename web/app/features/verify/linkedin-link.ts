/**
 * LinkedIn's "Add to profile" link for a certification: LinkedIn's documented add-to-profile URL
 * with the certification's name, the organisation, the issue month, the verification URL and the
 * code as its id, so the profile entry links back to /verify/<code>.
 */
import { nairobiToday } from '../../../../domain/dates.ts';

export interface LinkedInCertification {
  name: string;
  organizationName: string;
  /** The instant the certificate was issued (its Nairobi month is used). */
  issuedAt: string;
  certUrl: string;
  certId: string;
}

export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  const [year, month] = nairobiToday(new Date(certification.issuedAt)).split('-');
  const url = new URL('https://www.linkedin.com/profile/add');
  url.search = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certification.name,
    organizationName: certification.organizationName,
    issueYear: year!,
    issueMonth: String(Number(month)),
    certUrl: certification.certUrl,
    certId: certification.certId,
  }).toString();
  return url.toString();
}
