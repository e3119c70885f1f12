/**
 * Who issues a certificate, as its PDF prints it: the institute's name, its logo and the
 * signatory, all from the CMS site settings. Without a logo (none set, or the image API failing)
 * the name stands alone; without a signatory's name there is no signature line.
 */
import type { CertificateIssuer } from './certificate-pdf.ts';
import { pngImageUrl, type InstituteSettings } from './site-settings.ts';

/** Printed 56 pt tall: about 4 pixels per point, sharp on paper. */
const LOGO_PIXELS = 224;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

type IssuerSettings = Pick<InstituteSettings, 'instituteName' | 'logoUrl' | 'certificateSignatory'>;

async function logoPng(logoUrl: string, fetchImage: typeof fetch): Promise<Uint8Array | undefined> {
  try {
    const response = await fetchImage(pngImageUrl(logoUrl, LOGO_PIXELS), { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`the image API answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw new Error('the image API sent no PNG');
    return bytes;
  } catch (error) {
    // A certificate without the logo beats no certificate: the institute's name is printed anyway.
    console.warn('[certificate] printing without the logo:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

export async function certificateIssuer(
  settings: IssuerSettings,
  fetchImage: typeof fetch = fetch,
): Promise<CertificateIssuer> {
  const { name, title } = settings.certificateSignatory ?? {};
  const logo = settings.logoUrl ? await logoPng(settings.logoUrl, fetchImage) : undefined;
  return {
    instituteName: settings.instituteName,
    ...(name ? { signatory: { name, title: title ?? '' } } : {}),
    ...(logo ? { logoPng: logo } : {}),
  };
}
