/** @sanity/client on the stack's content lake with its editor token and the raw perspective: every document, drafts included. */
import { createClient, type SanityClient } from '@sanity/client';
import type { StackInfo } from './stack-info.ts';

export function rawLakeClient(stack: StackInfo): SanityClient {
  return createClient({
    projectId: stack.sanity.projectId,
    dataset: stack.sanity.dataset,
    apiVersion: stack.sanity.apiVersion,
    apiHost: stack.contentUrl,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'raw',
    token: stack.sanity.token,
  });
}
