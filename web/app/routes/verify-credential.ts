/**
 * /verify/<code>/credential: the certificate as a signed Open Badges 3.0 credential (JSON, a
 * VC-JWT in its envelope), to download from the verification page. Verifiable against
 * /.well-known/jwks.json. Never cached: a revocation must stop the next download.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { formatCertificateCode, parseCertificateCode } from '../../../domain/certificate-code.ts';
import { publicEnv } from '../config/env.server';
import { credentialDownload } from '../features/verify/credential-download.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';

const refusals = {
  revoked: [410, 'This certificate has been revoked: no credential is issued for it.'],
  not_found: [404, 'No certificate has this code.'],
  throttled: [429, 'Too many downloads just now. Please try again in a few minutes.'],
} as const;

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const parsed = parseCertificateCode(params.code ?? '');
  if (!parsed.ok) return text(404, parsed.message);
  const printedCode = formatCertificateCode(parsed.code);
  const settings = await loadSiteSettings();
  const download = await credentialDownload(parsed.code, printedCode, {
    siteUrl: publicEnv().siteUrl,
    instituteName: settings.instituteName,
  });
  if (download.status !== 'signed') {
    const [status, message] = refusals[download.status];
    return text(status, message);
  }
  return new Response(JSON.stringify(download.body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="certificate-${printedCode}.json"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
