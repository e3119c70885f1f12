/** The way back for someone whose authenticator app is gone (docs/staff.md: reset_staff_factor). */
export const lostPhoneAdvice =
  'Lost your phone or the app? Ask an admin to reset your second factor (Staff screen); you then set up a new one.';

/** What a staff member reads when the second step's code is refused (by GoTrue's error code). */
export function secondFactorMessage(error: { code?: string | undefined; status?: number | undefined }): string {
  switch (error.code) {
    case 'mfa_verification_failed':
      return 'That code is not right. Enter the code your authenticator app shows now.';
    case 'mfa_challenge_expired':
      return 'That took too long. Enter the code your authenticator app shows now.';
    case 'over_request_rate_limit':
      return 'Too many tries. Wait a minute, then enter the code your authenticator app shows.';
    default:
      return error.status && error.status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : 'The code could not be checked. Sign out and sign in again.';
  }
}
