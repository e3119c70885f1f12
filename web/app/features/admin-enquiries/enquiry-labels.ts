/** The enquiry statuses and topics as the database knows them, with the words the inbox shows. */
export const enquiryStatuses = ['new', 'in_progress', 'closed'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  closed: 'Closed',
};

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (enquiryStatuses as readonly string[]).includes(value);
}

const topicLabels: Record<string, string> = {
  training: 'Training',
  advisory: 'Advisory',
  technology: 'Technology',
  insurance: 'Insurance',
  other: 'Other',
};

export function topicLabel(topic: string): string {
  return topicLabels[topic] ?? topic;
}

export function statusLabel(status: string): string {
  return isEnquiryStatus(status) ? enquiryStatusLabels[status] : status;
}
