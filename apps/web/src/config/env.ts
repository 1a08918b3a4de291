// The only module that reads build-time environment (docs/style.md: env in one place per app).

/**
 * Origin of the API. Empty by default: the API serves this app, so calls are same-origin.
 * Set VITE_API_ORIGIN at build time only when the app is hosted apart from the API.
 */
const apiOrigin: string = import.meta.env.VITE_API_ORIGIN ?? '';

export const env = {
  apiOrigin,
};
