/**
 * Where the Optical Retail Service answers: the URL the desktop app's preload hands this window,
 * or, in a browser, the origin the page came from. A fact of the window, so both the client
 * (service.ts) and the error wording (ui/errors.tsx) read it from here.
 */
export const serviceUrl = window.opticalPos?.serviceUrl ?? window.location.origin;
