/**
 * The HTML frame every outbox e-mail shares: the institute's logo from the CMS at the top (its
 * name in words where the CMS has none), then the body. The logo goes out as a PNG from the
 * image API: mail programs such as Gmail show no SVG.
 */
import { pngImageUrl, type InstituteSettings } from '../_shared/site-settings.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Shown 48 px tall, sent at twice that for sharp screens. */
const LOGO_HEIGHT = 48;

export function logoImageUrl(logoUrl: string): string {
  return pngImageUrl(logoUrl, LOGO_HEIGHT * 2);
}

function brand(settings: Pick<InstituteSettings, 'instituteName' | 'logoUrl'>): string {
  const name = escapeHtml(settings.instituteName);
  if (!settings.logoUrl) return `<p style="font-size:1.3em;font-weight:800;margin:0 0 16px;">${name}</p>`;
  const src = escapeHtml(logoImageUrl(settings.logoUrl));
  return `<p style="margin:0 0 16px;"><img src="${src}" alt="${name}" height="${LOGO_HEIGHT}" style="height:${LOGO_HEIGHT}px;width:auto;border:0;"></p>`;
}

export function mailPage(
  settings: Pick<InstituteSettings, 'instituteName' | 'logoUrl'>,
  title: string,
  body: string,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 640px;">
${brand(settings)}
${body}
</body></html>`;
}
