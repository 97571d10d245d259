/** Seconds between a page's own reloads while the bank waits for the user's approval. */
export const DECOUPLED_REFRESH_SECONDS = 5;
