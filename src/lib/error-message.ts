/**
 * What a caught value says, as text: an Error's message, else the value itself as a string
 * (a thrown string, a rejected promise's reason). `asError` wraps a non-Error the same way
 * for code that needs an Error (error boundaries, validators).
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
