/** The project's auth e-mail templates, rendered with GoTrue's variables as GoTrue renders them. */
import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate } from './email-template.ts';

const data = {
  SiteURL: 'https://ascent.example',
  ConfirmationURL: 'https://api.ascent.example/auth/v1/verify?token=abc&type=recovery',
  Email: 'wanjiru@ascent.example',
  Token: '123456',
  TokenHash: 'abc',
  RedirectTo: 'https://ascent.example/login/reset',
};

describe('e-mail templates', () => {
  it('fills every variable, escaping values for HTML in the body but not the subject', () => {
    const rendered = renderTemplate(
      {
        subject: 'Reset for {{ .Email }}',
        content:
          '<a href="{{ .ConfirmationURL }}">{{.SiteURL}}</a> {{ .Email }} {{ .Token }} {{ .TokenHash }} {{- .RedirectTo -}}',
      },
      { ...data, Email: "o'brien&co@ascent.example" },
    );
    expect(rendered.subject).toBe("Reset for o'brien&co@ascent.example");
    expect(rendered.html).toBe(
      '<a href="https://api.ascent.example/auth/v1/verify?token=abc&amp;type=recovery">https://ascent.example</a> ' +
        'o&#39;brien&amp;co@ascent.example 123456 abchttps://ascent.example/login/reset',
    );
  });

  it('refuses, by name, what the local server cannot render as GoTrue would', () => {
    expect(() => checkTemplate('<p>{{ .ConfirmationURL }}</p>', 'recovery')).not.toThrow();
    expect(() => checkTemplate('{{ if .Token }}x{{ end }}', 'recovery')).toThrow(
      /recovery: \{\{ if \.Token \}\} is not supported/,
    );
    expect(() => checkTemplate('{{ .Data.name }}', 'recovery')).toThrow(/\.Data\.name/);
    expect(() => checkTemplate('{{ .Unknown }}', 'recovery')).toThrow(/\.Unknown/);
  });
});
