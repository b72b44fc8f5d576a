/** HTTP failures of a streaming request, in words a connection banner can show. */
import { errorMessage } from '@/lib/error-message';

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'HttpStatusError';
  }
}

/** A refused response's body, for the message; a body that cannot be read adds nothing. */
export async function safeText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/** Browsers report a CORS block as a bare TypeError; say what it probably is. */
export function describeError(error: unknown): string {
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    return `${error.message} (the backend may be down, or it does not allow this origin: check its CORS settings)`;
  }
  return errorMessage(error);
}

/** A 4xx other than 429 will not get better by asking again. */
export function isFinalRefusal(error: unknown): error is HttpStatusError {
  return error instanceof HttpStatusError && error.status >= 400 && error.status < 500 && error.status !== 429;
}
