import * as z from 'zod';

/**
 * What the SPA reads at start from `/platform/config.json`: written by the local gateway,
 * and by CDK (`Source.jsonData`) on AWS. Nothing secret goes here.
 */
export const runtimeConfigSchema = z.object({
  /** Base URL of the API, normally `/api/v4` on the same origin. */
  apiBaseUrl: z.string(),
  /**
   * The realtime channel (spec §1: "a realtime socket host is configured"): a ws(s) URL, or a path
   * on the SPA's own origin (`/api/v4/ws`, as CloudFront serves it), to be completed with its host.
   */
  realtimeUrl: z.string(),
  /** Invisible-captcha site key; empty when no captcha is configured. */
  captchaSiteKey: z.string(),
  tenant: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/platform/config.json';
