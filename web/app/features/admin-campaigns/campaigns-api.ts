/**
 * The campaigns screen's reads and writes, all as the signed-in staff member: RLS and the
 * campaign functions (migrations 20261128260000, 20261129000100) decide who may do what.
 */
import { z } from 'zod';
import { fromStaffInput } from '../../lib/staff-time';
import { staffSupabase } from '../../lib/supabase/staff-client';
import { campaignBodyHtml } from './campaign-body';

export interface CampaignResult {
  id: string;
  subject: string;
  audience_topic: string | null;
  state: string;
  created_at: string;
  send_started_at: string | null;
  queued: number;
  sent: number;
  failed: number;
  uncertain: number;
  skipped: number;
  unsubscribed: number;
}

export async function listCampaigns(): Promise<CampaignResult[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('newsletter_campaign_results');
  if (error) throw error;
  return data;
}

export const newCampaignInput = z.object({
  subject: z.string().trim().min(1, 'Give the campaign a subject.').max(200),
  preheader: z.string().trim().max(200),
  body: z.string().trim().min(1, 'Write the campaign’s text.').max(100_000),
  /** Empty: every confirmed subscriber; else the topic whose subscribers receive it. */
  topic: z.string().trim().max(200),
  /** Empty: at once; else the form's Nairobi date and time. */
  sendAt: z.string().trim(),
});

/** The topics subscribers may choose (newsletter_topics): an audience by interest names one. */
export async function listTopics(): Promise<string[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('newsletter_topics');
  if (error) throw error;
  return data;
}

export async function createCampaign(input: z.input<typeof newCampaignInput>): Promise<void> {
  const { subject, preheader, body, topic, sendAt } = newCampaignInput.parse(input);
  const sendAtIso = sendAt ? fromStaffInput(sendAt) : null;
  if (sendAt && !sendAtIso) throw new Error('The send time is not a valid date and time.');
  const supabase = await staffSupabase();
  const { error } = await supabase.from('newsletter_campaigns').insert({
    subject,
    preheader: preheader || null,
    body_text: body,
    body_html: campaignBodyHtml(body),
    audience: topic ? 'interest' : 'all_confirmed',
    audience_topic: topic || null,
    send_at: sendAtIso,
  });
  if (error) throw error;
}

export async function sendCampaign(id: string): Promise<number> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('send_newsletter_campaign', { campaign_id: id }).single();
  if (error) throw error;
  return data.recipients;
}

export async function sendCampaignTest(id: string): Promise<string> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('send_newsletter_campaign_test', { campaign_id: id });
  if (error) throw error;
  return data;
}

export async function stopCampaign(id: string): Promise<void> {
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('stop_newsletter_campaign', { campaign_id: id });
  if (error) throw error;
}

export interface TimelinePoint {
  minute: string;
  sent: number;
}

export interface CampaignTimeline {
  subject: string;
  points: TimelinePoint[];
}

/** The mails sent per minute of the latest campaign that has sent any (null: none has). */
export async function latestTimeline(campaigns: CampaignResult[]): Promise<CampaignTimeline | null> {
  const latest = campaigns.find((campaign) => campaign.sent > 0);
  if (!latest) return null;
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('newsletter_campaign_timeline', { campaign_id: latest.id });
  if (error) throw error;
  return { subject: latest.subject, points: data };
}
