/** Whether an open request is past its due date (the screen highlights it, in words too). */
export function isOverdue(dueBy: string, now: Date = new Date()): boolean {
  return new Date(dueBy).getTime() < now.getTime();
}
