// Vitest setup shared by unit and integration tests. Stores are created fresh per test
// through their factories, so nothing global is reset here.
export {};
