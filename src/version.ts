// Replaced at build time from package.json.
declare const __HOOK_BRIDGE_VERSION__: string | undefined;
export const VERSION: string = typeof __HOOK_BRIDGE_VERSION__ === 'string' ? __HOOK_BRIDGE_VERSION__ : '0.0.0-dev';
