/**
 * /verify/<code>: the page a certificate's QR code opens. A code whose check symbol fails is
 * answered at once (no lookup) with the form to correct it; a sound one is looked up from the
 * visitor's browser (the lookup is limited per client address) and shown valid, revoked with
 * when, or not found. Other spellings of a code (lower case, no hyphens) go to the printed one.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs } from 'react-router';
import { formatCertificateCode, parseCertificateCode } from '../../../domain/certificate-code.ts';
import { publicEnv } from '../config/env.server';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { CertificateStatus } from '../features/verify/certificate-status';
import { CodeForm } from '../features/verify/code-form';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/verify-code';
import '../features/verify/verify.css';

export async function loader({ params }: LoaderFunctionArgs) {
  const typed = params.code ?? '';
  const parsed = parseCertificateCode(typed);
  const printedCode = parsed.ok ? formatCertificateCode(parsed.code) : null;
  if (printedCode !== null && printedCode !== typed) throw redirect(`/verify/${printedCode}`);
  const settings = await loadSiteSettings();
  const siteUrl = publicEnv().siteUrl;
  return {
    check: parsed.ok
      ? { ok: true as const, code: parsed.code, printedCode: printedCode!, certUrl: `${siteUrl}/verify/${printedCode}` }
      : { ok: false as const, typed, message: parsed.message },
    instituteName: settings.instituteName,
    meta: privateScreenMeta('Certificate verification', settings.instituteName, rootMeta(settings, siteUrl)),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [{ name: 'robots', content: 'noindex' }];
}

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export default function VerifyCodePage({ loaderData: { check, instituteName } }: Route.ComponentProps) {
  return (
    <section className="container verify-page">
      <h1>Certificate verification</h1>
      {check.ok ? (
        <CertificateStatus
          key={check.code}
          code={check.code}
          printedCode={check.printedCode}
          certUrl={check.certUrl}
          instituteName={instituteName}
        />
      ) : (
        <CodeForm typed={check.typed} error={check.message} />
      )}
      <p>
        <a href="/verify">Check another certificate</a>
      </p>
    </section>
  );
}
