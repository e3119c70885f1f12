/**
 * The project's auth e-mail templates (`[auth.email.template.<name>]` in supabase/config.toml,
 * files in supabase/templates), rendered as GoTrue renders them: Go templates whose actions this
 * project uses are only `{{ .Variable }}` with GoTrue's variables. Anything else is refused at
 * start, so a template that hosted GoTrue would render differently never goes out half-done.
 */

export interface EmailTemplate {
  subject: string;
  /** The HTML body, a Go template. */
  content: string;
}

/** The variables GoTrue gives its e-mail templates. */
export interface TemplateData {
  SiteURL: string;
  ConfirmationURL: string;
  Email: string;
  Token: string;
  TokenHash: string;
  RedirectTo: string;
}

const templateVariables: readonly (keyof TemplateData)[] = [
  'SiteURL',
  'ConfirmationURL',
  'Email',
  'Token',
  'TokenHash',
  'RedirectTo',
];

/** An action, with the white space around it that `{{-` and `-}}` trim, as Go trims it. */
const action = /(\s*)\{\{(-\s)?\s*(.*?)\s*(?:(\s-)\}\}\s*|\}\})/g;

/** Throws, naming the action, if the template uses anything but `{{ .Variable }}` with a known variable. */
export function checkTemplate(source: string, where: string): void {
  for (const [, , , inner] of source.matchAll(action)) {
    const name = /^\.([A-Za-z]+)$/.exec(inner ?? '')?.[1];
    if (!name || !templateVariables.includes(name as keyof TemplateData)) {
      throw new Error(
        `${where}: {{ ${inner} }} is not supported by the local auth server (only ${templateVariables.map((v) => `{{ .${v} }}`).join(', ')})`,
      );
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(source: string, data: TemplateData, escape: (text: string) => string): string {
  return source.replace(
    action,
    (_, before: string, trimBefore: string | undefined, inner: string) =>
      (trimBefore ? '' : before) + escape(data[inner.slice(1) as keyof TemplateData]),
  );
}

/** The subject (plain text) and the HTML body, values escaped for HTML as Go's html/template does. */
export function renderTemplate(template: EmailTemplate, data: TemplateData): { subject: string; html: string } {
  return { subject: fill(template.subject, data, (text) => text), html: fill(template.content, data, escapeHtml) };
}
