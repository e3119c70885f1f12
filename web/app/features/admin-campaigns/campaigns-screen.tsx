/**
 * /admin/campaigns: marketing writes a newsletter campaign (a draft), sends a test to their own
 * address, sends it to every confirmed subscriber, stops it midway, and reads each campaign's
 * results: queued, sent, failed, uncertain, skipped and unsubscribed by it.
 */
import { useId, useRef, type FormEvent } from 'react';
import { formatDate, staffInputHint } from '../../lib/staff-time';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import type { CampaignIntent } from './campaign-action';
import type { CampaignResult, CampaignTimeline } from './campaigns-api';
import { CampaignTimelinePanel } from './campaign-timeline';
import { insertBlockLine } from './campaign-body';
import { CatalogueBlockPicker } from './catalogue-block-picker';
import type { CatalogueChoice } from './catalogue-choices';
import '../../components/ui/form-fields.css';
import './campaigns.css';

const stateLabels: Record<string, string> = { draft: 'Draft', sending: 'Sending', stopped: 'Stopped', sent: 'Sent' };

function NewCampaignForm({ topics, choices }: { topics: string[]; choices: CatalogueChoice[] }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const { post, busy, pendingIntent } = usePostToRoute();
  useActionResult('create', (result) => {
    if (result.ok) form.current?.reset();
  });

  function insertBlock(token: string) {
    const area = text.current;
    if (!area) return;
    const result = insertBlockLine(area.value, area.selectionStart, token);
    area.value = result.text;
    area.setSelectionRange(result.cursor, result.cursor);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const intent: CampaignIntent = {
      intent: 'create',
      subject: String(data.get('subject') ?? ''),
      preheader: String(data.get('preheader') ?? ''),
      body: String(data.get('body') ?? ''),
      topic: String(data.get('topic') ?? ''),
      sendAt: String(data.get('sendAt') ?? ''),
    };
    void post(intent);
  }

  return (
    <form ref={form} className="campaign-form" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>New campaign</h2>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input id={`${id}-subject`} name="subject" className="field__input" required maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-preheader`}>Preheader (the preview line in the inbox)</label>
        <input id={`${id}-preheader`} name="preheader" className="field__input" maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>Text (a blank line starts a new paragraph)</label>
        <textarea ref={text} id={`${id}-body`} name="body" className="field__input" rows={8} required />
      </div>
      <CatalogueBlockPicker choices={choices} onInsert={insertBlock} />
      <div className="field">
        <label htmlFor={`${id}-topic`}>Audience</label>
        <select id={`${id}-topic`} name="topic" className="field__input" defaultValue="">
          <option value="">All confirmed subscribers</option>
          {topics.map((topic) => (
            <option key={topic} value={topic}>
              Interested in {topic}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-send-at`}>Send at (optional)</label>
        <input
          id={`${id}-send-at`}
          name="sendAt"
          type="datetime-local"
          className="field__input"
          aria-describedby={`${id}-send-at-hint`}
        />
        <p className="field__hint" id={`${id}-send-at-hint`}>
          Empty: the mails go out as soon as you send. {staffInputHint}
        </p>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {pendingIntent === 'create' ? 'Saving…' : 'Save draft'}
      </button>
    </form>
  );
}

function CampaignActions({ campaign }: { campaign: CampaignResult }) {
  const { post, busy } = usePostToRoute();
  const act = (intent: CampaignIntent) => void post(intent);
  const label = `“${campaign.subject}”`;
  return (
    <div className="campaign-actions">
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => act({ intent: 'test', id: campaign.id })}
      >
        Send a test to me<span className="visually-hidden">: {label}</span>
      </button>
      {campaign.state === 'draft' && (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => act({ intent: 'send', id: campaign.id })}
        >
          Send to subscribers<span className="visually-hidden">: {label}</span>
        </button>
      )}
      {campaign.state === 'sending' && (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={busy}
          onClick={() => act({ intent: 'stop', id: campaign.id })}
        >
          Stop<span className="visually-hidden"> sending {label}</span>
        </button>
      )}
    </div>
  );
}

export function CampaignsScreen({
  campaigns,
  topics,
  choices,
  timeline,
}: {
  campaigns: CampaignResult[];
  topics: string[];
  choices: CatalogueChoice[];
  timeline: CampaignTimeline | null;
}) {
  return (
    <>
      <h1>Newsletter campaigns</h1>
      <NewCampaignForm topics={topics} choices={choices} />
      <div className="table-scroll">
        <table className="campaign-results">
          <caption>Campaigns and their results</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Audience</th>
              <th scope="col">State</th>
              <th scope="col">Written</th>
              <th scope="col">Queued</th>
              <th scope="col">Sent</th>
              <th scope="col">Failed</th>
              <th scope="col">Uncertain</th>
              <th scope="col">Skipped</th>
              <th scope="col">Unsubscribed by it</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.length === 0 ? (
              <tr>
                <td colSpan={11}>No campaigns yet.</td>
              </tr>
            ) : (
              campaigns.map((campaign) => (
                <tr key={campaign.id}>
                  <th scope="row">{campaign.subject}</th>
                  <td>{campaign.audience_topic ? `Interested in ${campaign.audience_topic}` : 'All confirmed'}</td>
                  <td>{stateLabels[campaign.state] ?? campaign.state}</td>
                  <td>{formatDate(campaign.created_at)}</td>
                  <td>{campaign.queued}</td>
                  <td>{campaign.sent}</td>
                  <td>{campaign.failed}</td>
                  <td>{campaign.uncertain}</td>
                  <td>{campaign.skipped}</td>
                  <td>{campaign.unsubscribed}</td>
                  <td>
                    <CampaignActions campaign={campaign} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {timeline && <CampaignTimelinePanel timeline={timeline} />}
    </>
  );
}
