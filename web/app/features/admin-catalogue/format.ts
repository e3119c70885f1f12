/** Words shared by the admin catalogue screens (dates and times: lib/staff-time). */

export function publishedLabel(published: boolean): string {
  return published ? 'Published' : 'Unpublished';
}
