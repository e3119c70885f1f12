/** A refused mutation or action: the HTTP status and the `{error: {type, description}}` body Sanity answers with. */

export class MutationError extends Error {
  readonly status: number;
  readonly type: string;

  constructor(status: number, description: string, type = 'mutationError') {
    super(description);
    this.name = 'MutationError';
    this.status = status;
    this.type = type;
  }

  body(): { error: { type: string; description: string }; statusCode: number } {
    return { error: { type: this.type, description: this.message }, statusCode: this.status };
  }
}
