import type { Mail } from '../outbox';
import { escapeHtml, page } from './layout';

/** The outbox as a page, for a tester who wants to click the link of a verification mail. */
export function outboxPage(mails: Mail[]): string {
  const rows = mails
    .map(
      (mail) => `<tr>
  <td>${escapeHtml(mail.createdAt)}</td>
  <td>${escapeHtml(mail.to)}</td>
  <td>${escapeHtml(mail.subject)}<br><span class="note">${escapeHtml(mail.body)}</span></td>
  <td>${mail.link ? `<a href="${escapeHtml(mail.link)}">${escapeHtml(mail.kind)}</a>` : ''}</td>
</tr>`,
    )
    .join('\n');
  return page({
    lang: 'en-US',
    title: 'Sandbox outbox',
    body: `<main class="wide">
<h1>Sandbox outbox</h1>
<p class="note">The emails the sandbox has sent, newest first. As JSON: <code>GET /__sandbox/outbox</code> (filter with <code>?to=</code>).</p>
${mails.length === 0 ? '<p>No emails yet.</p>' : `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject and text</th><th scope="col">Link</th></tr></thead><tbody>${rows}</tbody></table>`}
</main>`,
  });
}
