/**
 * Imported first by the local entry points: the AWS SDK warns on Node 20 that releases after
 * January 2027 need Node 22. The lockfile pins working versions, so the warning is noise here.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
export {};
