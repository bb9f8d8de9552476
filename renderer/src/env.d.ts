/**
 * What the Electron preload exposes on `window` (contextBridge). Absent when the renderer is
 * served by the service itself or by `vite dev`, where the page's own origin is the service.
 */
interface OpticalPosBridge {
  /** Origin of the embedded service, e.g. `http://127.0.0.1:5170`. */
  readonly serviceUrl?: string;
}

interface Window {
  readonly opticalPos?: OpticalPosBridge;
}
