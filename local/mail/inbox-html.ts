/** The inbox's HTML pages. Every captured value is escaped; a message's own HTML never enters them. */
import type { CapturedMessage } from './message-store.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const styles = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem; color: #111; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #ccc; vertical-align: top; }
  a { color: #0645ad; } a:focus-visible, button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  pre { white-space: pre-wrap; background: #f5f5f5; padding: 1rem; }
  iframe { width: 100%; min-height: 30rem; border: 1px solid #ccc; }
  dt { font-weight: bold; } dd { margin: 0 0 .5rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body><main>${body}</main></body>
</html>`;
}

function time(iso: string | null): string {
  return iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>` : '';
}

export function inboxPage(messages: CapturedMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
  <td>${escapeHtml(m.from)}</td>
  <td>${escapeHtml(m.to.join(', '))}</td>
  <td>${time(m.date ?? m.receivedAt)}</td>
</tr>`,
    )
    .join('\n');
  const list = messages.length
    ? `<table>
<caption>${messages.length} captured message${messages.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Date</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" action="/clear"><button type="submit">Delete all messages</button></form>`
    : '<p>No messages yet. Mail sent to the local SMTP port shows up here.</p>';
  return page('Captured mail', `<h1>Captured mail</h1>\n${list}`);
}

export function messagePage(m: CapturedMessage): string {
  const field = (name: string, value: string) => (value ? `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>` : '');
  const html = m.html
    ? `<h2>HTML</h2>
<iframe sandbox src="/messages/${encodeURIComponent(m.id)}/html" title="HTML body of the message"></iframe>`
    : '';
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">Back to all messages</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
${field('From', m.from)}${field('To', m.to.join(', '))}${field('Cc', m.cc.join(', '))}
<dt>Date</dt><dd>${time(m.date ?? m.receivedAt)}</dd>
${field('Envelope recipients', m.envelope.to.join(', '))}
</dl>
<h2>Text</h2>
<pre>${escapeHtml(m.text || '(no text part)')}</pre>
${html}`,
  );
}

export function notFoundPage(): string {
  return page('Not found', '<h1>Not found</h1><p><a href="/">Back to all messages</a></p>');
}
