/**
 * /verify: anyone checks a certificate by its code. The form is a GET to this page; a code whose
 * check symbol fails is answered here, before any lookup, and a sound one goes on to
 * /verify/<code>. Not indexed: it is a tool, not content.
 */
import { redirect, type HeadersFunction, type LoaderFunctionArgs } from 'react-router';
import { formatCertificateCode, parseCertificateCode } from '../../../domain/certificate-code.ts';
import { publicEnv } from '../config/env.server';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { CodeForm } from '../features/verify/code-form';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/verify';
import '../features/verify/verify.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get('code');
  let error: string | undefined;
  if (typed !== null) {
    const parsed = parseCertificateCode(typed);
    if (parsed.ok) throw redirect(`/verify/${formatCertificateCode(parsed.code)}`);
    error = parsed.message;
  }
  const settings = await loadSiteSettings();
  return {
    typed: typed ?? undefined,
    error,
    meta: privateScreenMeta('Verify a certificate', settings.instituteName, rootMeta(settings, publicEnv().siteUrl)),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [{ name: 'robots', content: 'noindex' }];
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container verify-page">
      <h1>Verify a certificate</h1>
      <p>
        Every certificate we issue carries a code and a QR code. Enter the code to see whom it was awarded to, for which
        program, and whether it is still valid.
      </p>
      <CodeForm typed={loaderData.typed} error={loaderData.error} />
    </section>
  );
}
