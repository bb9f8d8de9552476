export * from './contract/endpoint.js';
export * from './contract/errors.js';
export * from './contract/primitives.js';
export * from './contract/roles.js';
export * from './contract/statuses.js';
export { api, endpointList, extensionList, specEndpointList } from './endpoints/index.js';
export { createClient, ApiError, API_PREFIX } from './client.js';
export type { Client, ClientOptions } from './client.js';
